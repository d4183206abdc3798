import type { Db, Dialect } from '../../db/index.js';
import { managerOnly } from '../../http/manager-only.js';
import type { Router } from '../../http/openapi.js';
import type { PaymentProvider } from '../../payments/index.js';
import type { FileStore } from '../../storage/file-store.js';
import { createAuditService } from '../../services/audit.service.js';
import type { BundleService } from '../../services/bundle.service.js';
import type { ConversionService } from '../../services/conversion.service.js';
import type { FeedbackService } from '../../services/feedback.service.js';
import type { MembershipService } from '../../services/membership.service.js';
import type { OrderService } from '../../services/order.service.js';
import type { PaymentService } from '../../services/payment.service.js';
import type { SessionService } from '../../services/session.service.js';
import { registerAdminAuditRoutes } from './audit.routes.js';
import { registerAdminBillingRoutes } from './billing.routes.js';
import { registerAdminProductAreaRoutes } from './product-areas.js';
import type { WritingToolService } from '../../services/writing-tools.service.js';
import { registerAdminSupportRoutes } from './support.routes.js';
import { createAdminStatsService } from '../../services/admin-stats.service.js';
import { registerAdminStatsRoutes } from './stats.routes.js';

/** What the admin routes need from the app: the database and the services they share with user routes. */
export interface AdminDeps {
  db: Db;
  dialect: Dialect;
  now: () => number;
  /** `forgetUser` after a change to an account (disable, grants), so its sessions read it again at once. */
  sessions: SessionService;
  /** `invalidate()` after a bundle change, so /pricing shows it at once. */
  bundles: BundleService;
  /** `invalidateFeatures()` after a conversion-tool change, so the converter shows it at once. */
  conversions: ConversionService;
  feedback: FeedbackService;
  orders: OrderService;
  payments: PaymentService;
  memberships: MembershipService;
  /** Refunds go through the provider (Stripe) or are recorded (sandbox). */
  paymentProvider: PaymentProvider;
  /** Product images and other admin uploads. */
  store: FileStore;
  /** The writing (AI) tools' settings, shared with the AI features that read them (its cache is dropped on a change). */
  writingTools: WritingToolService;
}

/**
 * Every route under /admin/: the manager check is mounted first on the whole path, so a route
 * added here (or a path that matches none) can never answer a signed-out visitor or a user.
 * tests/api/admin-authorization.test.ts walks the app's own route table to prove it.
 */
export function registerAdminRoutes(app: Router, deps: AdminDeps): void {
  app.use('/admin', managerOnly);
  app.use('/admin/*', managerOnly);
  registerAdminAuditRoutes(app, createAuditService(deps.db));
  registerAdminBillingRoutes(app, deps);
  registerAdminProductAreaRoutes(app, deps);
  registerAdminSupportRoutes(app, deps);
  registerAdminStatsRoutes(app, createAdminStatsService(deps.db, deps.now));
}
