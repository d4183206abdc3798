import { z } from 'zod';
import { QUOTA_TYPES } from '../quota.js';
import { adminPageOf, adminPageQuerySchema } from './common.js';

/** GET /admin/users?q=: accounts whose user id or e-mail starts with `q` (any case); exact matches first, then newest. */
export const adminUserQuerySchema = adminPageQuerySchema.extend({
  q: z.string().trim().max(254, { error: 'validation.invalid' }).optional(),
});
export type AdminUserQuery = z.infer<typeof adminUserQuerySchema>;

export const adminUserSchema = z.object({
  /** The account's internal id: the `{id}` of the user routes. */
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  mgr: z.boolean(),
  google: z.boolean(),
  disabled: z.boolean(),
  /** ISO 8601, or null while enabled. */
  disabledAt: z.string().nullable(),
  createTime: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = adminPageOf(adminUserSchema);
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const GRANT_SOURCES = ['trial', 'order', 'admin', 'membership'] as const;

/** One quota item the account holds or held. */
export const adminQuotaItemSchema = z.object({
  grantId: z.string(),
  productId: z.string(),
  productName: z.string(),
  quotaType: z.enum(QUOTA_TYPES),
  /** Granted, and left. */
  quota: z.number(),
  availQuota: z.number(),
  /** ISO 8601: valid until. */
  validDate: z.string(),
  live: z.boolean(),
  bundleId: z.string(),
  bundleName: z.string(),
  /** How it was granted: the trial, an order, staff by hand, or a membership period. */
  source: z.enum(GRANT_SOURCES),
});

export const adminUserOrderSchema = z.object({
  orderId: z.string(),
  bundleId: z.string(),
  bundleName: z.string(),
  /** Cents. */
  orderAmount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  gmtCreate: z.string(),
  paidAt: z.string().nullable(),
});

export const adminUserConversionSchema = z.object({
  documentId: z.string(),
  convertType: z.string(),
  engine: z.enum(['browser', 'server']),
  /** 0 uploaded, 1 converting, 2 failed, 3 succeeded. */
  status: z.number().int(),
  fileCount: z.number().int(),
  totalBytes: z.number(),
  units: z.number().int(),
  refunded: z.boolean(),
  gmtCreate: z.string(),
});

/** Days counted by `usage.byType`. */
export const USAGE_WINDOW_DAYS = 30;
/** Orders and conversions shown in the detail: the latest this many. */
export const ADMIN_USER_LATEST = 20;

/** GET /admin/users/{id}. */
export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  /** Newest validity first. */
  quotas: z.array(adminQuotaItemSchema),
  orders: z.array(adminUserOrderSchema),
  usage: z.object({
    recent: z.array(adminUserConversionSchema),
    /** Conversions per type in the last USAGE_WINDOW_DAYS days, most used first. */
    byType: z.array(z.object({ convertType: z.string(), count: z.number().int() })),
  }),
  /** What the "Grant quota" dialog offers. */
  products: z.array(z.object({ productId: z.string(), productName: z.string() })),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** A hand-made grant: at most this many units (bytes for TYPE_SIZE, 1 TiB) and days. */
export const GRANT_MAX_QUOTA = 1024 ** 4;
export const GRANT_MAX_DAYS = 3650;

/** POST /admin/users/{id}/grant: one quota item, valid for `validDays` from now. */
export const adminGrantRequestSchema = z.object({
  productId: z.string({ error: 'validation.grantProductRequired' }).trim().min(1, { error: 'validation.grantProductRequired' }).max(40, { error: 'validation.grantProductUnknown' }),
  quotaType: z.enum(QUOTA_TYPES, { error: 'validation.grantQuotaTypeInvalid' }),
  quota: z
    .number({ error: 'validation.grantQuotaInvalid' })
    .int({ error: 'validation.grantQuotaInvalid' })
    .min(1, { error: 'validation.grantQuotaInvalid' })
    .max(GRANT_MAX_QUOTA, { error: 'validation.grantQuotaInvalid' }),
  validDays: z
    .number({ error: 'validation.grantDaysInvalid' })
    .int({ error: 'validation.grantDaysInvalid' })
    .min(1, { error: 'validation.grantDaysInvalid' })
    .max(GRANT_MAX_DAYS, { error: 'validation.grantDaysInvalid' }),
});
export type AdminGrantRequest = z.infer<typeof adminGrantRequestSchema>;

/** Why a disable was refused (code 40301, `data.reason`). */
export const DISABLE_REFUSALS = ['self', 'lastManager'] as const;
export type DisableRefusal = (typeof DISABLE_REFUSALS)[number];

export const userIdParamSchema = z.object({ id: z.string().max(64) });
