import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { ErrorCode } from '@contracts/error-codes.js';
import type { Order, PaymentCreated, SandboxCheckout } from '@contracts/orders.js';
import { addMonths } from '@contracts/memberships.js';
import { OrderStatus, PaymentStatus } from '@contracts/statuses.js';
import { transaction, type Db, type DbOrTx } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import { siteBase, type PaymentProvider } from '../payments/provider.js';
import { isSandbox, newSandboxEventId } from '../payments/sandbox-provider.js';
import {
  findBundleBilling,
  findOrder,
  findPayment,
  findPaymentByRef,
  insertPayment,
  markOrderPaid,
  recordPaymentEvent,
  updatePayment,
  type OrderRow,
  type PaymentRow,
} from '../repositories/orders.repository.js';
import type { Lang } from './bundle.service.js';
import { toOrder, type OrderService } from './order.service.js';
import { applyInvoiceFailed, applyInvoicePaid, applySubscriptionState, startMembership, type MembershipOutcome } from './membership-events.js';
import { grantBundle } from './quota.service.js';

/** What became of one webhook call (logged; the provider is answered 200 for all of them). */
export type WebhookOutcome = 'duplicate' | 'ignored' | 'unknown-payment' | 'mismatch' | 'expired' | 'paid' | 'already-paid' | MembershipOutcome;

export interface PaymentServiceDeps {
  db: Db;
  provider: PaymentProvider;
  orders: OrderService;
  /** PUBLIC_URL: return URLs are absolute with it, relative without. */
  publicUrl: string | undefined;
  now?: () => number;
}

const paymentNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'No such payment');

/**
 * Payments for orders through the configured provider. The provider's verified webhook is the only
 * thing that makes an order paid: the event is recorded (a replay does nothing), and the payment,
 * the order and the bundle grant change in one transaction, so quota is granted exactly once.
 */
export function createPaymentService({ db, provider, orders, publicUrl, now = Date.now }: PaymentServiceDeps) {
  const base = siteBase(publicUrl);
  const sandbox = isSandbox(provider) ? provider : null;

  /**
   * Applies a verified 'paid' event to its payment and order, inside the event's transaction. A
   * membership's checkout starts its subscription; its periods are granted by their invoices.
   */
  async function applyPaid(tx: DbOrTx, payment: PaymentRow, order: OrderRow, amount: number | null, currency: string | null, subscriptionRef: string | null, t: number, log: Logger): Promise<WebhookOutcome> {
    const ctx = { paymentId: payment.id, orderId: order.id, userId: order.user_id };
    if (amount !== order.amount || (currency ?? '').toUpperCase() !== order.currency.toUpperCase()) {
      log.error({ ...ctx, amount, currency, expected: { amount: order.amount, currency: order.currency } }, 'paid amount does not match the order: not granted');
      await updatePayment(tx, payment.id, { status: PaymentStatus.FAILED, updated_at: t }, [PaymentStatus.OPEN, PaymentStatus.CANCELLED]);
      return 'mismatch';
    }
    const newlyPaid = await updatePayment(tx, payment.id, { status: PaymentStatus.PAID, updated_at: t }, [PaymentStatus.OPEN, PaymentStatus.CANCELLED, PaymentStatus.FAILED]);
    if (subscriptionRef && (await findBundleBilling(tx, order.bundle_id))?.kind === 'membership') {
      // The first invoice may have paid the order already: both arrive, in either order.
      if ((await markOrderPaid(tx, order.id, t)) && order.status !== OrderStatus.PAYING) log.warn({ ...ctx, was: order.status }, 'membership started for a cancelled or expired order: the money was taken');
      return startMembership(tx, provider.name, order, subscriptionRef, t, log);
    }
    if (await markOrderPaid(tx, order.id, t)) {
      if (order.status !== OrderStatus.PAYING) log.warn({ ...ctx, was: order.status }, 'payment completed for a cancelled or expired order: granted, the money was taken');
      await grantBundle(tx, order.user_id, order.bundle_id, 'order', order.id, t);
      log.info(ctx, 'order paid and bundle granted');
      return 'paid';
    }
    if (newlyPaid) log.error(ctx, 'a second payment completed for an order already paid: refund it');
    return 'already-paid';
  }

  /**
   * Verifies and applies one provider event. Throws WebhookRejected (nothing changed) when the
   * signature or body does not verify; everything else is acknowledged.
   */
  async function handleWebhook(rawBody: string, headers: Headers, log: Logger): Promise<WebhookOutcome> {
    const event = provider.parseWebhook(rawBody, headers);
    const t = now();
    const outcome = await transaction(db, async (tx): Promise<WebhookOutcome> => {
      if (!(await recordPaymentEvent(tx, provider.name, event.id, t))) return 'duplicate';
      if (event.type === 'ignored') return 'ignored';
      if (event.type === 'invoice_paid') return applyInvoicePaid(tx, provider.name, event, t, log);
      if (event.type === 'invoice_failed') return applyInvoiceFailed(tx, provider.name, event, t, log);
      if (event.type === 'subscription_state') return applySubscriptionState(tx, provider.name, event, t, log);
      const payment = await findPaymentByRef(tx, provider.name, event.providerRef);
      const order = payment && (await findOrder(tx, payment.order_id));
      if (!payment || !order) {
        log.error({ eventId: event.id, providerRef: event.providerRef, orderId: event.orderId }, 'webhook event for an unknown payment');
        return 'unknown-payment';
      }
      if (event.orderId !== null && event.orderId !== order.id) {
        log.error({ eventId: event.id, paymentId: payment.id, orderId: order.id, eventOrderId: event.orderId }, 'webhook event names another order: ignored');
        return 'mismatch';
      }
      if (event.type === 'expired') {
        await updatePayment(tx, payment.id, { status: PaymentStatus.CANCELLED, updated_at: t }, [PaymentStatus.OPEN]);
        return 'expired';
      }
      return applyPaid(tx, payment, order, event.amount, event.currency, event.subscriptionRef ?? null, t, log);
    });
    log.info({ provider: provider.name, eventId: event.id, outcome }, 'payment webhook handled');
    return outcome;
  }

  /** A sandbox payment of the caller's with its order; 40404 otherwise (and always with Stripe). */
  async function sandboxPayment(userId: string, paymentId: string) {
    const payment = await findPayment(db, paymentId);
    if (!sandbox || !payment || payment.provider !== 'sandbox' || payment.provider_ref === null) throw paymentNotFound();
    const order = await orders.ownOrder(userId, payment.order_id);
    return { payment, order, sandbox, providerRef: payment.provider_ref };
  }

  return {
    handleWebhook,

    /** Opens a checkout for the owner's paying order; 50201 (payment marked failed) when the provider fails. */
    async create(userId: string, orderId: string, lang: Lang, log: Logger): Promise<PaymentCreated> {
      const order = await orders.payableOrder(userId, orderId);
      const billing = await findBundleBilling(db, order.bundle_id);
      const t = now();
      const id = randomUUID();
      await insertPayment(db, { id, order_id: order.id, provider: provider.name, provider_ref: null, status: PaymentStatus.OPEN, pay_url: null, created_at: t, updated_at: t });
      let checkout;
      try {
        checkout = await provider.createCheckout({
          paymentId: id,
          order: {
            id: order.id,
            bundleName: toOrder(order, lang).bundleName,
            amount: order.amount,
            currency: order.currency,
            expireAt: order.expire_at,
            ...(billing?.kind === 'membership' && billing.period_months ? { membership: { periodMonths: billing.period_months } } : {}),
          },
          successUrl: `${base}/payment/result/${encodeURIComponent(order.id)}`,
          cancelUrl: `${base}/payment?orderId=${encodeURIComponent(order.id)}`,
          now: t,
        });
      } catch (err) {
        log.error({ err, orderId: order.id, paymentId: id, provider: provider.name }, 'payment provider failed to open a checkout');
        await updatePayment(db, id, { status: PaymentStatus.FAILED, updated_at: now() }, [PaymentStatus.OPEN]);
        throw new AppError(ErrorCode.PAYMENT_FAILED, 'The payment provider failed; nothing was charged');
      }
      await updatePayment(db, id, { provider_ref: checkout.providerRef, pay_url: checkout.payUrl, updated_at: now() }, [PaymentStatus.OPEN]);
      return { payUrl: checkout.payUrl };
    },

    /** What the sandbox checkout page shows. */
    async sandboxCheckout(userId: string, paymentId: string, lang: Lang): Promise<SandboxCheckout> {
      const { payment, order } = await sandboxPayment(userId, paymentId);
      return { paymentId: payment.id, order: toOrder(order, lang), status: payment.status === PaymentStatus.FAILED ? PaymentStatus.CANCELLED : payment.status };
    },

    /** The sandbox "provider" confirms the payment: a signed event through the webhook handling. Returns the order. */
    async sandboxPay(userId: string, paymentId: string, lang: Lang, log: Logger): Promise<Order> {
      const { payment, order, sandbox: sbx, providerRef } = await sandboxPayment(userId, paymentId);
      if (payment.status === PaymentStatus.PAID) return toOrder(order, lang);
      if (payment.status !== PaymentStatus.OPEN) throw new AppError(ErrorCode.ORDER_STATE, `The payment is ${payment.status}`, { paymentStatus: payment.status });
      if (order.status !== OrderStatus.PAYING) throw new AppError(ErrorCode.ORDER_STATE, `The order is ${order.status}`, { status: order.status });
      const billing = await findBundleBilling(db, order.bundle_id);
      const months = billing?.kind === 'membership' ? billing.period_months : null;
      // A membership: the sandbox "provider" starts a subscription and pays its first period, as Stripe's checkout does.
      const subscriptionRef = months ? `sub_sbx_${randomUUID()}` : null;
      const paid = sbx.signEvent({ id: newSandboxEventId(), type: 'paid', providerRef, orderId: order.id, amount: order.amount, currency: order.currency, subscriptionRef });
      await handleWebhook(paid.rawBody, paid.headers, log);
      if (subscriptionRef && months) {
        const start = sbx.clock.now();
        const invoice = sbx.signEvent({
          id: newSandboxEventId(),
          type: 'invoice_paid',
          subscriptionRef,
          orderId: order.id,
          at: start,
          invoiceRef: `in_sbx_${subscriptionRef}_first`,
          periodStart: start,
          periodEnd: addMonths(start, months),
          amount: order.amount,
          currency: order.currency,
        });
        await handleWebhook(invoice.rawBody, invoice.headers, log);
      }
      return toOrder(await orders.ownOrder(userId, order.id), lang);
    },

    /** The sandbox checkout is abandoned: the payment is cancelled (as when a Stripe session expires). Returns the order. */
    async sandboxCancel(userId: string, paymentId: string, lang: Lang, log: Logger): Promise<Order> {
      const { payment, order, sandbox: sbx, providerRef } = await sandboxPayment(userId, paymentId);
      if (payment.status === PaymentStatus.PAID) throw new AppError(ErrorCode.ORDER_STATE, 'The payment is paid', { paymentStatus: payment.status });
      if (payment.status === PaymentStatus.OPEN) {
        const signed = sbx.signEvent({ id: newSandboxEventId(), type: 'expired', providerRef, orderId: order.id });
        await handleWebhook(signed.rawBody, signed.headers, log);
      }
      return toOrder(await orders.ownOrder(userId, order.id), lang);
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
