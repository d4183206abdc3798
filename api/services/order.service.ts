import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@contracts/error-codes.js';
import { ORDER_PAYABLE_MS, type Order, type OrderListQuery, type OrderPage } from '@contracts/orders.js';
import { OrderStatus } from '@contracts/statuses.js';
import { transaction, type Db } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import {
  cancelPayingOrder,
  expireDueOrders,
  findLivePayingOrder,
  findOrderableBundle,
  findUserOrder,
  hideOrder,
  insertOrder,
  pageOrders,
  paidProviders,
  type OrderRow,
} from '../repositories/orders.repository.js';
import type { PaymentProviderName } from '../db/schema.js';
import { findLiveSubscription } from '../repositories/subscriptions.repository.js';
import type { Lang } from './bundle.service.js';

const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'No such order');
const wrongState = (status: OrderStatus) => new AppError(ErrorCode.ORDER_STATE, `The order is ${status}`, { status });

const LIST_STATUSES: Record<OrderListQuery['status'], OrderStatus[]> = { all: [], paying: [OrderStatus.PAYING], paid: [OrderStatus.PAID] };

/** The API's Order, the bundle named in the caller's language; `payment` is the provider that took the money, when known. */
export function toOrder(row: OrderRow, lang: Lang, payment?: PaymentProviderName): Order {
  return {
    orderId: row.id,
    bundleId: row.bundle_id,
    bundleName: lang === 'zh' ? row.bundle_name_zh : row.bundle_name,
    orderAmount: row.amount,
    currency: row.currency,
    status: row.status,
    gmtCreate: new Date(row.created_at).toISOString(),
    expireAt: new Date(row.expire_at).toISOString(),
    ...(row.paid_at !== null ? { paidAt: new Date(row.paid_at).toISOString() } : {}),
    nums: 1,
    ...(payment ? { payment } : {}),
  };
}

/**
 * Orders: created `paying` at the bundle's current price and payable for ORDER_PAYABLE_MS; the
 * owner may cancel a paying order and hide one that is no longer paying. A paying order past its
 * expiry is stored as expired when it is next read (and by the sweeper). Only payments make orders paid.
 */
export function createOrderService(db: Db, now: () => number = Date.now) {
  /** The owner's order, expired first if its time is up; 40404 for anyone else's. */
  async function ownOrder(userId: string, orderId: string): Promise<OrderRow> {
    await expireDueOrders(db, now(), { orderId });
    const row = await findUserOrder(db, orderId, userId);
    if (!row) throw notFound();
    return row;
  }

  return {
    ownOrder,

    /** The owner's order while it can still be paid; 40404 or 40902 otherwise. */
    async payableOrder(userId: string, orderId: string): Promise<OrderRow> {
      const row = await ownOrder(userId, orderId);
      if (row.status !== OrderStatus.PAYING) throw wrongState(row.status);
      return row;
    },

    /** A new paying order for a published, non-trial bundle; the live one when the user already has it. */
    async create(userId: string, bundleId: string, lang: Lang): Promise<Order> {
      const t = now();
      const row = await transaction(db, async (tx) => {
        const bundle = await findOrderableBundle(tx, bundleId);
        if (!bundle) throw new AppError(ErrorCode.NOT_FOUND, 'No such bundle');
        // One membership of a bundle at a time: a second would charge the user twice every period.
        const member = bundle.kind === 'membership' ? await findLiveSubscription(tx, userId, bundle.id) : undefined;
        if (member) throw new AppError(ErrorCode.MEMBERSHIP_EXISTS, 'You already have this membership', { subscriptionId: member.id, status: member.status });
        await expireDueOrders(tx, t, { userId });
        const live = await findLivePayingOrder(tx, userId, bundleId, t);
        if (live) return live;
        const order: OrderRow = {
          id: randomUUID(),
          user_id: userId,
          bundle_id: bundle.id,
          bundle_name: bundle.name,
          bundle_name_zh: bundle.name_zh,
          amount: bundle.price,
          currency: bundle.currency,
          status: OrderStatus.PAYING,
          created_at: t,
          expire_at: t + ORDER_PAYABLE_MS,
          paid_at: null,
          hidden_at: null,
          updated_at: t,
          refund_started_at: null,
          refunded_at: null,
          refund_reason: null,
          refund_ref: null,
        };
        await insertOrder(tx, order);
        return order;
      });
      return toOrder(row, lang);
    },

    async get(userId: string, orderId: string, lang: Lang): Promise<Order> {
      return toOrder(await ownOrder(userId, orderId), lang);
    },

    /** paying → cancelled; 40902 when the order is paid, cancelled or expired. */
    async cancel(userId: string, orderId: string, lang: Lang): Promise<Order> {
      await ownOrder(userId, orderId);
      const cancelled = await cancelPayingOrder(db, orderId, userId, now());
      const row = await ownOrder(userId, orderId);
      if (!cancelled) throw wrongState(row.status);
      return toOrder(row, lang);
    },

    /** Hides a paid, cancelled or expired order from the user's list; a paying one must be cancelled first (40902). */
    async remove(userId: string, orderId: string): Promise<null> {
      await ownOrder(userId, orderId);
      if (!(await hideOrder(db, orderId, userId, now()))) throw wrongState(OrderStatus.PAYING);
      return null;
    },

    async page(userId: string, query: OrderListQuery, lang: Lang): Promise<OrderPage> {
      await expireDueOrders(db, now(), { userId });
      const { list, total } = await pageOrders(db, userId, LIST_STATUSES[query.status], query.page, query.pageSize);
      const providers = await paidProviders(db, list.filter((r) => r.status === OrderStatus.PAID).map((r) => r.id));
      return { list: list.map((r) => toOrder(r, lang, providers.get(r.id))), total };
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
