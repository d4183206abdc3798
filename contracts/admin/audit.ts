import { z } from 'zod';
import { adminDateSchema, adminPageOf, adminPageQuerySchema } from './common.js';

/** One change staff made, as the audit page lists it. `before`/`after` are the records as JSON values. */
export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createTime: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = adminPageQuerySchema.extend({
  /** Staff member's public user id (exact, case-insensitive). */
  actor: z.string().trim().max(64).optional(),
  /** Action prefix: `bundle` matches `bundle.create` and `bundle.update`. */
  action: z.string().trim().max(64).optional(),
  targetType: z.string().trim().max(32).optional(),
  targetId: z.string().trim().max(128).optional(),
  from: adminDateSchema,
  to: adminDateSchema,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = adminPageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
