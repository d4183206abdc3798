import { z } from 'zod';
import { OrderStatus, PaymentStatus } from './statuses.js';

export { formatOrderAmount } from './number-format.js';

export { OrderStatus };

/**
 * Orders and payments (API.md "Bundles, orders, quotas"). An order is created `paying`, for one
 * bundle at its current price, and stays payable until `expireAt` (spec: a countdown of about two
 * days). A confirmed payment from the provider turns it `paid` and grants the bundle's quotas once.
 */
export const ORDER_STATUSES = [OrderStatus.PAYING, OrderStatus.PAID, OrderStatus.CANCELLED, OrderStatus.EXPIRED, OrderStatus.REFUNDED] as const;

/** Spec §9: the paying countdown, "about 2 days". */
export const ORDER_PAYABLE_MS = 2 * 24 * 60 * 60 * 1000;

export const orderSchema = z.object({
  orderId: z.string(),
  bundleId: z.string(),
  bundleName: z.string(),
  /** Cents. */
  orderAmount: z.number().int(),
  currency: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** ISO 8601. */
  gmtCreate: z.string(),
  expireAt: z.string(),
  paidAt: z.string().optional(),
  /** Bundles bought by the order (the spec's "nums" column): always 1, an order buys one bundle. */
  nums: z.number().int(),
  /** How a paid order was paid (the spec's "payment" column): the provider; absent until paid. */
  payment: z.enum(['sandbox', 'stripe']).optional(),
});
export type Order = z.infer<typeof orderSchema>;

const id = z.string({ error: 'validation.invalid' }).trim().min(1, { error: 'validation.invalid' }).max(64, { error: 'validation.invalid' });

export const createOrderRequestSchema = z.object({ bundleId: id });
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

export const orderIdRequestSchema = z.object({ orderId: id });
export type OrderIdRequest = z.infer<typeof orderIdRequestSchema>;

export const ORDER_LIST_FILTERS = ['all', OrderStatus.PAYING, OrderStatus.PAID] as const;
export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_LIST_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderPageSchema = z.object({ list: z.array(orderSchema), total: z.number().int() });
export type OrderPage = z.infer<typeof orderPageSchema>;

export const paymentCreatedSchema = z.object({
  /** Where the browser goes to pay: the provider's checkout, or the built-in sandbox page. */
  payUrl: z.string(),
});
export type PaymentCreated = z.infer<typeof paymentCreatedSchema>;

/** The built-in sandbox checkout (the default provider): what its page shows. */
export const sandboxCheckoutSchema = z.object({
  paymentId: z.string(),
  order: orderSchema,
  status: z.enum([PaymentStatus.OPEN, PaymentStatus.PAID, PaymentStatus.CANCELLED]),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;

