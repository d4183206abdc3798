import type { Db, Dialect } from '../../db/index.js';
import type { Router } from '../../http/openapi.js';
import { createAdminFeedbackService } from '../../services/admin-feedback.service.js';
import { createAdminUsersService } from '../../services/admin-users.service.js';
import type { FeedbackService } from '../../services/feedback.service.js';
import type { SessionService } from '../../services/session.service.js';
import { registerAdminFeedbackRoutes } from './feedback.routes.js';
import { registerAdminUsersRoutes } from './users.routes.js';

/** What the support pages take from AdminDeps. */
export interface AdminSupportDeps {
  db: Db;
  dialect: Dialect;
  now: () => number;
  sessions: SessionService;
  feedback: FeedbackService;
}

/** The support pages' API: user feedback (/admin/feedback) and accounts (/admin/users). */
export function registerAdminSupportRoutes(app: Router, deps: AdminSupportDeps): void {
  registerAdminFeedbackRoutes(app, createAdminFeedbackService(deps.db, deps.feedback));
  registerAdminUsersRoutes(app, createAdminUsersService({ db: deps.db, dialect: deps.dialect, now: deps.now, sessions: deps.sessions }));
}
