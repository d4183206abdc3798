import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import { OrderStatus, PaymentStatus } from '@contracts/statuses.js';
import type { OrdersTable, PaymentProviderName, PaymentsTable } from '../db/schema.js';

export type OrderRow = Selectable<OrdersTable>;
export type PaymentRow = Selectable<PaymentsTable>;

/** A bundle that may be ordered: published and not the trial. */
export function findOrderableBundle(db: DbOrTx, bundleId: string) {
  return db
    .selectFrom('bundles')
    .select(['id', 'name', 'name_zh', 'price', 'currency', 'kind'])
    .where('id', '=', bundleId)
    .where('published', '=', 1)
    .where('trial', '=', 0)
    .executeTakeFirst();
}

export async function insertOrder(db: DbOrTx, row: Insertable<OrdersTable>): Promise<void> {
  await db.insertInto('orders').values(row).execute();
}

export function findOrder(db: DbOrTx, id: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserOrder(db: DbOrTx, id: string, userId: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The user's newest order for `bundleId` that is still payable at `now`. */
export function findLivePayingOrder(db: DbOrTx, userId: string, bundleId: string, now: number) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('bundle_id', '=', bundleId)
    .where('status', '=', OrderStatus.PAYING)
    .where('expire_at', '>', now)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Stores 'expired' on every paying order past its expiry (optionally one user's, or one order); returns how many. */
export async function expireDueOrders(db: DbOrTx, now: number, scope: { userId?: string; orderId?: string } = {}): Promise<number> {
  let q = db.updateTable('orders').set({ status: OrderStatus.EXPIRED, updated_at: now }).where('status', '=', OrderStatus.PAYING).where('expire_at', '<=', now);
  if (scope.userId) q = q.where('user_id', '=', scope.userId);
  if (scope.orderId) q = q.where('id', '=', scope.orderId);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** paying → cancelled for the owner, while still payable; false when the order was not in that state. */
export async function cancelPayingOrder(db: DbOrTx, id: string, userId: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set({ status: OrderStatus.CANCELLED, updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', '=', OrderStatus.PAYING)
    .where('expire_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Hides an order that is no longer paying from its owner's list; false when it is paying. */
export async function hideOrder(db: DbOrTx, id: string, userId: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set((eb) => ({ hidden_at: eb.fn.coalesce('hidden_at', eb.val(now)), updated_at: now }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', '!=', OrderStatus.PAYING)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Marks an order paid once, whatever it was before (money taken for a cancelled or expired order
 * still buys the bundle), and shows it again if the user had hidden it. False when it was already
 * paid, or refunded (final: a late provider event never makes a refunded order paid again).
 */
export async function markOrderPaid(db: DbOrTx, id: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set({ status: OrderStatus.PAID, paid_at: now, hidden_at: null, updated_at: now })
    .where('id', '=', id)
    .where('status', 'not in', [OrderStatus.PAID, OrderStatus.REFUNDED])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The user's visible orders, newest first; `statuses` empty means all. */
export async function pageOrders(db: DbOrTx, userId: string, statuses: OrderStatus[], page: number, pageSize: number) {
  let base = db.selectFrom('orders').where('user_id', '=', userId).where('hidden_at', 'is', null);
  if (statuses.length) base = base.where('status', 'in', statuses);
  const list = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { list, total: Number(n) };
}

/** The provider of each order's paid payment (orders without one are absent). */
export async function paidProviders(db: DbOrTx, orderIds: string[]): Promise<Map<string, PaymentProviderName>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.selectFrom('payments').select(['order_id', 'provider']).where('order_id', 'in', orderIds).where('status', '=', PaymentStatus.PAID).execute();
  return new Map(rows.map((r) => [r.order_id, r.provider]));
}

export async function insertPayment(db: DbOrTx, row: Insertable<PaymentsTable>): Promise<void> {
  await db.insertInto('payments').values(row).execute();
}

export function findPayment(db: DbOrTx, id: string) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPaymentByRef(db: DbOrTx, provider: PaymentProviderName, providerRef: string) {
  return db.selectFrom('payments').selectAll().where('provider', '=', provider).where('provider_ref', '=', providerRef).executeTakeFirst();
}

/** Updates a payment, only while its status is one of `from`; false otherwise. */
export async function updatePayment(db: DbOrTx, id: string, patch: Updateable<PaymentsTable>, from: PaymentStatus[]): Promise<boolean> {
  const res = await db.updateTable('payments').set(patch).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Records a provider event; false when it was recorded before (a replay). Inside the transaction
 * that handles the event, so a concurrent replay waits for it and then finds it.
 */
export async function recordPaymentEvent(db: DbOrTx, provider: PaymentProviderName, eventId: string, now: number): Promise<boolean> {
  const res = await db
    .insertInto('payment_events')
    .values({ provider, event_id: eventId, received_at: now })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** How a bundle is billed: a one-off pack or a membership renewing every `period_months`. */
export function findBundleBilling(db: DbOrTx, bundleId: string) {
  return db.selectFrom('bundles').select(['id', 'kind', 'period_months']).where('id', '=', bundleId).executeTakeFirst();
}

/*
 * Refunds by staff (api/services/order-refund.service.ts, docs/admin-billing.md): a claim, then the
 * provider, then the completion, each a conditional UPDATE whose row count says who won.
 */

/**
 * Claims the refund of a paid order for one request: true for exactly one of any number of
 * concurrent callers. A claim older than `staleBefore` (its request died) may be taken over.
 */
export async function claimRefund(db: DbOrTx, id: string, at: number, staleBefore: number): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set({ refund_started_at: at })
    .where('id', '=', id)
    .where('status', '=', OrderStatus.PAID)
    .where((eb) => eb.or([eb('refund_started_at', 'is', null), eb('refund_started_at', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Gives a claim back after the provider refused: the order is paid and refundable again. */
export async function releaseRefund(db: DbOrTx, id: string, claimedAt: number): Promise<void> {
  await db.updateTable('orders').set({ refund_started_at: null }).where('id', '=', id).where('refund_started_at', '=', claimedAt).execute();
}

/** paid → refunded, only under the caller's own claim; false when the claim was lost meanwhile. */
export async function completeRefund(db: DbOrTx, id: string, claimedAt: number, refund: { at: number; reason: string; ref: string | null }): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set({ status: OrderStatus.REFUNDED, refunded_at: refund.at, refund_reason: refund.reason, refund_ref: refund.ref, refund_started_at: null, updated_at: refund.at })
    .where('id', '=', id)
    .where('status', '=', OrderStatus.PAID)
    .where('refund_started_at', '=', claimedAt)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

