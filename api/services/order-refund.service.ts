import type { Logger } from 'pino';
import type { RefundResult } from '@contracts/admin/orders.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { MembershipStatus, OrderStatus } from '@contracts/statuses.js';
import { transaction, type Db } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import type { PaymentProvider } from '../payments/provider.js';
import { findAdminOrder, findMembership, paidPaymentsOf, subscriptionsOfOrders } from '../repositories/admin-orders.repository.js';
import { claimRefund, completeRefund, releaseRefund } from '../repositories/orders.repository.js';
import { revokeGrants } from '../repositories/quota.repository.js';
import { updateSubscription } from '../repositories/subscriptions.repository.js';
import { toAdminOrders, grantedQuota } from './admin-orders.service.js';
import { recordAudit, type AuditActor } from './audit.service.js';

/**
 * How long a refund claim protects an order. Longer than the provider calls of one refund can
 * take (Stripe: three calls of at most 20 s, each retried once), so only a request that died
 * leaves a claim this old; another request may then take it over, and the idempotency key makes
 * its provider call return the first one's refund instead of making a second.
 */
export const REFUND_CLAIM_STALE_MS = 5 * 60_000;

/** The one idempotency key of an order's refund at the provider. */
export const refundKey = (orderId: string) => `order-refund-${orderId}`;

const orderState = (status: string, refunding = false) =>
  new AppError(ErrorCode.ORDER_STATE, refunding ? 'A refund of this order is in progress' : `The order is ${status}`, { status, refunding });

export interface OrderRefundServiceDeps {
  db: Db;
  provider: PaymentProvider;
  now: () => number;
}

/**
 * Refunds by staff (docs/admin-billing.md, "Refund: the order of steps"):
 * 1. claim: one conditional UPDATE `where status = 'paid'` marks the refund as started; of any
 *    number of concurrent requests exactly one gets the row, the others answer 40902;
 * 2. the provider (Stripe: end the subscription, refund the payment intent; sandbox: recorded),
 *    outside any transaction, with the order's one idempotency key; when it fails the claim is
 *    given back and nothing changed (50201);
 * 3. one transaction: paid → refunded under the claim, the order's grants revoked, its membership
 *    ended, and the audit entry.
 */
export function createOrderRefundService({ db, provider, now }: OrderRefundServiceDeps) {
  return {
    async refund(actor: AuditActor, orderId: string, reason: string, log: Logger): Promise<RefundResult> {
      const row = await findAdminOrder(db, orderId);
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'No such order');
      if (row.status !== OrderStatus.PAID) throw orderState(row.status);
      const claimedAt = now();
      if (!(await claimRefund(db, orderId, claimedAt, claimedAt - REFUND_CLAIM_STALE_MS))) {
        const current = await findAdminOrder(db, orderId);
        throw orderState(current?.status ?? row.status, current?.status === OrderStatus.PAID);
      }

      const [payments, links] = await Promise.all([paidPaymentsOf(db, [orderId]), subscriptionsOfOrders(db, [orderId])]);
      const payment = payments.get(orderId);
      const link = links.get(orderId);
      const sub = link ? await findMembership(db, link.subscriptionId) : undefined;
      const live = sub && sub.status !== MembershipStatus.ENDED ? sub : undefined;
      const paidWith = payment?.provider ?? sub?.provider ?? null;
      let refundRef: string | null = null;
      try {
        if (paidWith && paidWith !== provider.name) throw new AppError(ErrorCode.PAYMENT_FAILED, `Paid through ${paidWith}, which is not the configured provider`);
        // An order paid through no provider at all (imported, or made by hand) is refunded here only.
        if (paidWith) {
          const done = await provider.refund({
            idempotencyKey: refundKey(orderId),
            orderId,
            amount: row.amount,
            currency: row.currency,
            checkoutRef: payment?.providerRef ?? null,
            invoiceRef: payment ? null : (link?.invoiceRef ?? null),
            subscriptionRef: live?.provider_subscription_id ?? null,
            reason,
          });
          refundRef = done.refundRef;
        }
      } catch (err) {
        await releaseRefund(db, orderId, claimedAt);
        log.error({ err, orderId, provider: paidWith }, 'refund refused by the payment provider: nothing changed');
        if (err instanceof AppError) throw err;
        throw new AppError(ErrorCode.PAYMENT_FAILED, 'The payment provider refused or could not be reached; nothing was refunded');
      }

      const t = now();
      const result = await transaction(db, async (tx) => {
        const { grantIds, items } = await grantedQuota(tx, orderId, row.user_id);
        // Lost only when this request outlived its claim and another one finished the refund.
        if (!(await completeRefund(tx, orderId, claimedAt, { at: t, reason, ref: refundRef }))) throw orderState(OrderStatus.REFUNDED);
        await revokeGrants(tx, grantIds, t);
        if (live) await updateSubscription(tx, live.id, { status: MembershipStatus.ENDED, ended_at: t, updated_at: t });
        const after = (await toAdminOrders(tx, [(await findAdminOrder(tx, orderId))!]))[0]!;
        await recordAudit(
          tx,
          actor,
          {
            action: 'order.refund',
            targetType: 'order',
            targetId: orderId,
            before: { status: OrderStatus.PAID, amount: row.amount, currency: row.currency, ...(live ? { subscription: { id: live.id, status: live.status } } : {}) },
            after: {
              status: OrderStatus.REFUNDED,
              reason,
              refundRef,
              takenBack: items.map((q) => ({ productId: q.productId, quotaType: q.quotaType, taken: q.availQuota })),
              ...(live ? { subscription: { id: live.id, status: MembershipStatus.ENDED } } : {}),
            },
          },
          t,
        );
        return { order: after, takenBack: items, subscriptionEnded: Boolean(live) };
      });
      log.info({ orderId, refundRef, subscriptionEnded: result.subscriptionEnded }, 'order refunded');
      return result;
    },
  };
}

export type OrderRefundService = ReturnType<typeof createOrderRefundService>;
