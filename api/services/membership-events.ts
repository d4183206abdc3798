import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { MembershipStatus, OrderStatus } from '@contracts/statuses.js';
import type { DbOrTx } from '../db/index.js';
import type { PaymentProviderName } from '../db/schema.js';
import type { InvoiceFailedEvent, InvoicePaidEvent, SubscriptionStateEvent } from '../payments/provider.js';
import { grantBundle } from './quota.service.js';
import { findBundleBilling, findOrder, insertOrder, markOrderPaid, type OrderRow } from '../repositories/orders.repository.js';
import {
  findSubscriptionByRef,
  insertPeriodIfAbsent,
  insertSubscriptionIfAbsent,
  updateSubscription,
  type SubscriptionRow,
} from '../repositories/subscriptions.repository.js';

/** What became of one membership event (logged with the webhook outcome). */
export type MembershipOutcome =
  | 'membership-started'
  | 'period-granted'
  | 'period-duplicate'
  | 'payment-due'
  | 'subscription-updated'
  | 'stale'
  | 'unknown-subscription'
  | 'mismatch'
  | 'after-end';

/**
 * The subscription `ref` names; when no event about it arrived before, it is created from the
 * order named in its metadata (events come in any order: invoice.paid may beat
 * checkout.session.completed). Undefined when neither is known, or when the order already has
 * another subscription (a second checkout completed for one order: logged for a refund).
 */
async function ensureSubscription(tx: DbOrTx, provider: PaymentProviderName, ref: string, orderId: string | null, t: number, log: Logger): Promise<SubscriptionRow | undefined> {
  const found = await findSubscriptionByRef(tx, provider, ref);
  if (found || !orderId) return found;
  const order = await findOrder(tx, orderId);
  const billing = order && (await findBundleBilling(tx, order.bundle_id));
  if (!order || billing?.kind !== 'membership' || !billing.period_months) return undefined;
  await insertSubscriptionIfAbsent(tx, {
    id: randomUUID(),
    user_id: order.user_id,
    bundle_id: order.bundle_id,
    order_id: order.id,
    provider,
    provider_subscription_id: ref,
    status: MembershipStatus.ACTIVE,
    amount: order.amount,
    currency: order.currency,
    period_months: billing.period_months,
    billing_anchor: null,
    current_period_start: null,
    current_period_end: null,
    cancel_at_period_end: 0,
    state_at: null,
    ended_at: null,
    created_at: t,
    updated_at: t,
  });
  const row = await findSubscriptionByRef(tx, provider, ref);
  if (!row) log.error({ orderId, subscriptionRef: ref }, 'a second subscription was started for an order that has one: cancel and refund it');
  return row;
}

/** An event older than the last one applied to the status does not change it. */
const isNewer = (sub: SubscriptionRow, at: number) => sub.state_at === null || at >= sub.state_at;

/** The checkout of a membership order completed: its subscription exists from now on (its periods come as invoices). */
export async function startMembership(tx: DbOrTx, provider: PaymentProviderName, order: OrderRow, subscriptionRef: string, t: number, log: Logger): Promise<MembershipOutcome> {
  const sub = await ensureSubscription(tx, provider, subscriptionRef, order.id, t, log);
  return sub ? 'membership-started' : 'unknown-subscription';
}

/**
 * A period that starts when or after the membership ended was never part of it. A period that
 * started while it lived (a late payment of a renewal that ran) still belongs to it.
 */
const startsAfterEnd = (sub: SubscriptionRow, periodStart: number) => sub.status === MembershipStatus.ENDED && sub.ended_at !== null && periodStart >= sub.ended_at;

/**
 * A period is paid: recorded once (subscription_periods' key), and only then its quota is granted,
 * valid until the period ends. The first period pays the order; each later one is a paid order
 * of its own, so My orders lists every charge. A late invoice never revives an ended membership;
 * one for a period that started while it lived still grants that period (once), one for a period
 * after its end grants nothing and is logged for a refund.
 */
export async function applyInvoicePaid(tx: DbOrTx, provider: PaymentProviderName, ev: InvoicePaidEvent, t: number, log: Logger): Promise<MembershipOutcome> {
  const ctx = { eventId: ev.id, subscriptionRef: ev.subscriptionRef, invoiceRef: ev.invoiceRef };
  const sub = await ensureSubscription(tx, provider, ev.subscriptionRef, ev.orderId, t, log);
  if (!sub) {
    log.error(ctx, 'invoice paid for an unknown subscription');
    return 'unknown-subscription';
  }
  if (ev.amount !== sub.amount || ev.currency.toUpperCase() !== sub.currency.toUpperCase()) {
    log.error({ ...ctx, amount: ev.amount, currency: ev.currency, expected: { amount: sub.amount, currency: sub.currency } }, 'paid amount does not match the membership: not granted');
    return 'mismatch';
  }
  if (startsAfterEnd(sub, ev.periodStart)) {
    // Money taken for a period we never owed: no quota, no order, no period; staff refund it at the provider (docs/memberships.md).
    log.error(
      { ...ctx, subscriptionId: sub.id, userId: sub.user_id, amount: ev.amount, currency: ev.currency, periodStart: ev.periodStart, endedAt: sub.ended_at, refundDue: true },
      'invoice paid for a period after the membership ended: not granted, refund it at the provider',
    );
    return 'after-end';
  }
  const grantId = randomUUID();
  // The first period pays the subscription's own order; each later one an order made below.
  const orderId = sub.current_period_end === null ? sub.order_id : randomUUID();
  const recorded = await insertPeriodIfAbsent(tx, {
    subscription_id: sub.id,
    period_start: ev.periodStart,
    period_end: ev.periodEnd,
    invoice_ref: ev.invoiceRef,
    grant_id: grantId,
    created_at: t,
    order_id: orderId,
  });
  if (!recorded) return 'period-duplicate';

  const bundle = await grantBundle(tx, sub.user_id, sub.bundle_id, 'membership', `${sub.id}:${ev.periodStart}`, t, { grantId, validDate: ev.periodEnd });

  if (sub.current_period_end === null) {
    await markOrderPaid(tx, sub.order_id, t);
  } else {
    await insertOrder(tx, {
      id: orderId,
      user_id: sub.user_id,
      bundle_id: sub.bundle_id,
      bundle_name: bundle.name,
      bundle_name_zh: bundle.name_zh,
      amount: ev.amount,
      currency: sub.currency,
      status: OrderStatus.PAID,
      created_at: t,
      expire_at: t,
      paid_at: t,
      hidden_at: null,
      updated_at: t,
    });
  }

  const latest = sub.current_period_end === null || ev.periodEnd > sub.current_period_end;
  const revive = sub.status === MembershipStatus.PAYMENT_DUE && latest && isNewer(sub, ev.at);
  await updateSubscription(tx, sub.id, {
    ...(latest ? { current_period_start: ev.periodStart, current_period_end: ev.periodEnd } : {}),
    ...(sub.billing_anchor === null || ev.periodStart < sub.billing_anchor ? { billing_anchor: ev.periodStart } : {}),
    ...(revive ? { status: sub.cancel_at_period_end === 1 ? MembershipStatus.CANCELLING : MembershipStatus.ACTIVE, state_at: ev.at } : {}),
    updated_at: t,
  });
  log.info({ ...ctx, subscriptionId: sub.id, userId: sub.user_id, periodEnd: ev.periodEnd }, 'membership period paid and granted');
  return 'period-granted';
}

/**
 * A renewal charge failed: payment due. Nothing is taken back: the paid period's quota still
 * ends at its period end, and no new period is granted until an invoice is paid. A failure for
 * a period already paid (the retry's success arrived first) is stale.
 */
export async function applyInvoiceFailed(tx: DbOrTx, provider: PaymentProviderName, ev: InvoiceFailedEvent, t: number, log: Logger): Promise<MembershipOutcome> {
  // Never created from a failure: a first charge that fails leaves no membership behind.
  const sub = await findSubscriptionByRef(tx, provider, ev.subscriptionRef);
  if (!sub) {
    log.warn({ eventId: ev.id, subscriptionRef: ev.subscriptionRef }, 'invoice failed for an unknown subscription');
    return 'unknown-subscription';
  }
  const paidAlready = ev.periodStart !== null && sub.current_period_end !== null && ev.periodStart < sub.current_period_end;
  if (sub.status === MembershipStatus.ENDED || paidAlready || !isNewer(sub, ev.at)) return 'stale';
  await updateSubscription(tx, sub.id, { status: MembershipStatus.PAYMENT_DUE, state_at: ev.at, updated_at: t });
  log.warn({ eventId: ev.id, subscriptionId: sub.id, userId: sub.user_id }, 'membership renewal failed: payment due');
  return 'payment-due';
}

/** The status a provider state maps to, given our current one. */
function nextStatus(sub: SubscriptionRow, ev: SubscriptionStateEvent): MembershipStatus {
  switch (ev.state) {
    case 'ended':
      return MembershipStatus.ENDED;
    case 'payment_due':
      return MembershipStatus.PAYMENT_DUE;
    case 'active':
      return ev.cancelAtPeriodEnd ? MembershipStatus.CANCELLING : MembershipStatus.ACTIVE;
    default:
      if (sub.status === MembershipStatus.ACTIVE || sub.status === MembershipStatus.CANCELLING) return ev.cancelAtPeriodEnd ? MembershipStatus.CANCELLING : MembershipStatus.ACTIVE;
      return sub.status;
  }
}

/**
 * The provider's subscription changed (customer.subscription.updated / deleted). 'ended' is final:
 * nothing after it changes the status. An event older than the last applied one is stale.
 */
export async function applySubscriptionState(tx: DbOrTx, provider: PaymentProviderName, ev: SubscriptionStateEvent, t: number, log: Logger): Promise<MembershipOutcome> {
  const sub = ev.state === 'other' ? await findSubscriptionByRef(tx, provider, ev.subscriptionRef) : await ensureSubscription(tx, provider, ev.subscriptionRef, ev.orderId, t, log);
  if (!sub) {
    log.warn({ eventId: ev.id, subscriptionRef: ev.subscriptionRef }, 'subscription event for an unknown subscription');
    return 'unknown-subscription';
  }
  if (sub.status === MembershipStatus.ENDED || !isNewer(sub, ev.at)) return 'stale';
  const status = nextStatus(sub, ev);
  await updateSubscription(tx, sub.id, {
    status,
    cancel_at_period_end: ev.cancelAtPeriodEnd ? 1 : 0,
    state_at: ev.at,
    ...(status === MembershipStatus.ENDED ? { ended_at: ev.endedAt ?? t } : {}),
    updated_at: t,
  });
  log.info({ eventId: ev.id, subscriptionId: sub.id, status, cancelAtPeriodEnd: ev.cancelAtPeriodEnd }, 'membership state updated');
  return 'subscription-updated';
}
