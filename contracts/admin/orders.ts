import { z } from 'zod';
import { BUNDLE_KINDS, MEMBERSHIP_STATUSES } from '../memberships.js';
import { ORDER_STATUSES } from '../orders.js';
import { QUOTA_TYPES } from '../quota.js';
import { adminDateSchema, adminPageOf, adminPageQuerySchema } from './common.js';

/**
 * Orders, refunds, memberships and revenue in the admin area (`/admin/orders…`,
 * docs/admin-billing.md). Amounts are cents; times ISO 8601.
 */

export const ADMIN_ORDER_STATUS_FILTERS = ['all', ...ORDER_STATUSES] as const;

/** The filters the order list and its CSV export share. */
const orderFilters = {
  status: z.enum(ADMIN_ORDER_STATUS_FILTERS).default('all'),
  /** Created from / to (days or times, both included, UTC). */
  from: adminDateSchema,
  to: adminDateSchema,
  /** A user's public id or e-mail, exact (any case). */
  user: z.string().trim().max(254).optional(),
  /** A bundle id, exact. */
  bundle: z.string().trim().max(40).optional(),
  /** Free text: part of the order id, the user's id or e-mail (any case). */
  q: z.string().trim().max(100).optional(),
  kind: z.enum(['all', ...BUNDLE_KINDS]).default('all'),
};

export const adminOrderQuerySchema = adminPageQuerySchema.extend(orderFilters);
export type AdminOrderQuery = z.infer<typeof adminOrderQuerySchema>;

export const adminOrderExportQuerySchema = z.object(orderFilters);
export type AdminOrderExportQuery = z.infer<typeof adminOrderExportQuerySchema>;
export type AdminOrderFilters = AdminOrderExportQuery;

export const adminOrderSchema = z.object({
  orderId: z.string(),
  /** users.id */
  userRef: z.string(),
  /** The public user id. */
  userId: z.string(),
  email: z.string(),
  bundleId: z.string(),
  /** The bundle's names when the order was made. */
  bundleName: z.string(),
  bundleNameZh: z.string(),
  kind: z.enum(BUNDLE_KINDS),
  orderAmount: z.number().int(),
  currency: z.string(),
  status: z.enum(ORDER_STATUSES),
  gmtCreate: z.string(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  refundReason: z.string().nullable(),
  refundRef: z.string().nullable(),
  /** The provider that took the money, when it was paid through one. */
  payment: z.enum(['sandbox', 'stripe']).nullable(),
  /** The membership the order paid a period of. */
  subscriptionId: z.string().nullable(),
  /** A refund of it is in progress (another request claimed it). */
  refunding: z.boolean(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderPageSchema = adminPageOf(adminOrderSchema);
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/** One quota item the order granted, as it is now: what a refund takes back. */
export const grantedQuotaSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  productNameZh: z.string(),
  quotaType: z.enum(QUOTA_TYPES),
  /** What was granted. */
  quota: z.number(),
  /** What is left of it now (a refund sets it to 0; what was spent stays spent). */
  availQuota: z.number(),
  validDate: z.string(),
});
export type GrantedQuota = z.infer<typeof grantedQuotaSchema>;

export const adminMembershipSchema = z.object({
  subscriptionId: z.string(),
  userRef: z.string(),
  userId: z.string(),
  email: z.string(),
  bundleId: z.string(),
  bundleName: z.string(),
  bundleNameZh: z.string(),
  /** The order that bought it. */
  orderId: z.string(),
  provider: z.enum(['sandbox', 'stripe']),
  status: z.enum(MEMBERSHIP_STATUSES),
  periodMonths: z.number().int(),
  /** Cents per period. */
  amount: z.number().int(),
  currency: z.string(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  createTime: z.string(),
  endedAt: z.string().nullable(),
});
export type AdminMembership = z.infer<typeof adminMembershipSchema>;

/** One order with what a refund would take back, and its membership. */
export const adminOrderDetailSchema = z.object({
  order: adminOrderSchema,
  granted: z.array(grantedQuotaSchema),
  subscription: adminMembershipSchema.nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const refundRequestSchema = z.object({
  reason: z.string({ error: 'validation.invalid' }).trim().min(1, { error: 'validation.invalid' }).max(500, { error: 'validation.invalid' }),
});
export type RefundRequestBody = z.infer<typeof refundRequestSchema>;

export const refundResultSchema = z.object({
  order: adminOrderSchema,
  /** Each item as it was just before the refund: what was left of it is what was taken back. */
  takenBack: z.array(grantedQuotaSchema),
  /** The membership the order paid for was ended. */
  subscriptionEnded: z.boolean(),
});
export type RefundResult = z.infer<typeof refundResultSchema>;

export const adminMembershipQuerySchema = adminPageQuerySchema.extend({
  status: z.enum(['all', ...MEMBERSHIP_STATUSES]).default('all'),
  user: z.string().trim().max(254).optional(),
  bundle: z.string().trim().max(40).optional(),
  /** Part of the subscription or order id, the user's id or e-mail. */
  q: z.string().trim().max(100).optional(),
});
export type AdminMembershipQuery = z.infer<typeof adminMembershipQuerySchema>;

export const adminMembershipPageSchema = adminPageOf(adminMembershipSchema);
export type AdminMembershipPage = z.infer<typeof adminMembershipPageSchema>;

/** Paid orders (refunded ones excluded) per bundle and currency, optionally in a paid-at range. */
export const revenueQuerySchema = z.object({ from: adminDateSchema, to: adminDateSchema });
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

export const bundleRevenueSchema = z.object({
  bundleId: z.string(),
  currency: z.string(),
  orders: z.number().int(),
  /** Cents. */
  amount: z.number().int(),
});
export type BundleRevenue = z.infer<typeof bundleRevenueSchema>;
export const revenueSchema = z.array(bundleRevenueSchema);

/** The CSV export's columns, in order (the header row says them in English). */
export const ORDER_CSV_COLUMNS = [
  'orderId',
  'createdAt',
  'status',
  'userId',
  'email',
  'bundleId',
  'bundleName',
  'bundleNameZh',
  'kind',
  'amount',
  'currency',
  'payment',
  'paidAt',
  'refundedAt',
  'refundReason',
] as const;
