import type { Db } from '../../db/index.js';
import type { Router } from '../../http/openapi.js';
import type { PaymentProvider } from '../../payments/provider.js';
import type { BundleService } from '../../services/bundle.service.js';
import { createAdminBundleService } from '../../services/admin-bundles.service.js';
import { createAdminOrderService } from '../../services/admin-orders.service.js';
import { createOrderRefundService } from '../../services/order-refund.service.js';
import { registerAdminBundleRoutes } from './bundles.routes.js';
import { registerAdminOrderRoutes } from './orders.routes.js';

/** The part of AdminDeps (index.ts) these routes use; named here so that index.ts alone imports this file. */
export interface AdminBillingDeps {
  db: Db;
  now: () => number;
  bundles: BundleService;
  paymentProvider: PaymentProvider;
}

/** Bundles, product billing, orders, refunds and memberships (issue 11 part 5; docs/admin-billing.md). */
export function registerAdminBillingRoutes(app: Router, deps: AdminBillingDeps): void {
  registerAdminBundleRoutes(app, createAdminBundleService({ db: deps.db, now: deps.now, bundles: deps.bundles }));
  registerAdminOrderRoutes(app, createAdminOrderService(deps.db), createOrderRefundService({ db: deps.db, provider: deps.paymentProvider, now: deps.now }), deps.now);
}
