import Stripe from 'stripe';
import { WebhookRejected, type Checkout, type CheckoutRequest, type PaymentEvent, type PaymentProvider, type RefundRequest, type RefundResult } from './provider.js';
import { invoiceEvent, subscriptionEvent } from './stripe-subscription-events.js';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/** Stripe allows a Checkout Session to expire between 30 minutes and 24 hours after creation. */
const MIN_SESSION_S = 30 * 60;
const MAX_SESSION_S = 24 * 60 * 60;
/** Kept off both edges: Stripe measures from when it receives the request. */
const EDGE_S = 60;

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where Stripe's API is; tests point it at a local server. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  timeoutMs?: number;
}

/** When the session stops accepting payment: the order's expiry, within what Stripe accepts. */
export function sessionExpiresAt(orderExpireAt: number, now: number): number {
  const nowS = Math.floor(now / 1000);
  const wanted = Math.floor(orderExpireAt / 1000);
  return Math.min(Math.max(wanted, nowS + MIN_SESSION_S + EDGE_S), nowS + MAX_SESSION_S - EDGE_S);
}

/** Stripe Checkout (a one-off payment per pack order, a subscription per membership order), verified webhooks. */
export function createStripeProvider(opts: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 1,
    timeout: opts.timeoutMs ?? 20_000,
    ...(opts.api ? { host: opts.api.host, port: opts.api.port, protocol: opts.api.protocol } : {}),
  });

  return {
    name: 'stripe',

    async createCheckout(req: CheckoutRequest): Promise<Checkout> {
      const { order } = req;
      const metadata = { orderId: order.id, paymentId: req.paymentId };
      const price = { currency: order.currency.toLowerCase(), unit_amount: order.amount, product_data: { name: order.bundleName } };
      const session = await stripe.checkout.sessions.create(
        {
          ...(order.membership
            ? {
                // A membership: Stripe charges every period itself; each paid invoice reaches us as invoice.paid.
                mode: 'subscription' as const,
                line_items: [{ quantity: 1, price_data: { ...price, recurring: { interval: 'month' as const, interval_count: order.membership.periodMonths } } }],
                // On the subscription, so its invoices and updates name our order even before checkout.session.completed arrives.
                subscription_data: { metadata },
              }
            : { mode: 'payment' as const, line_items: [{ quantity: 1, price_data: price }] }),
          client_reference_id: order.id,
          metadata,
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          expires_at: sessionExpiresAt(order.expireAt, req.now),
        },
        // A retried create for the same payment row returns the same session.
        { idempotencyKey: `checkout-${req.paymentId}` },
      );
      if (!session.url) throw new Error(`Stripe returned session ${session.id} without a url`);
      return { providerRef: session.id, payUrl: session.url };
    },

    parseWebhook(rawBody: string, headers: Headers): PaymentEvent {
      const signature = headers.get(STRIPE_SIGNATURE_HEADER);
      if (!signature) throw new WebhookRejected('Missing Stripe-Signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret);
      } catch (err) {
        throw new WebhookRejected(err instanceof Error ? err.message : 'Bad Stripe signature');
      }
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const s = event.data.object;
          // A completed session with a delayed method is not paid yet: async_payment_succeeded follows.
          if (s.payment_status !== 'paid') return { id: event.id, type: 'ignored' };
          return {
            id: event.id,
            type: 'paid',
            providerRef: s.id,
            orderId: s.client_reference_id ?? s.metadata?.orderId ?? null,
            amount: s.amount_total,
            currency: s.currency ? s.currency.toUpperCase() : null,
            subscriptionRef: typeof s.subscription === 'string' ? s.subscription : (s.subscription?.id ?? null),
          };
        }
        case 'checkout.session.expired': {
          const s = event.data.object;
          return { id: event.id, type: 'expired', providerRef: s.id, orderId: s.client_reference_id ?? s.metadata?.orderId ?? null };
        }
        // invoice.payment_succeeded is invoice.paid's twin: the same period, granted once whichever comes.
        case 'invoice.paid':
        case 'invoice.payment_succeeded':
          return invoiceEvent(event.id, 'invoice_paid', event.data.object, event.created);
        case 'invoice.payment_failed':
          return invoiceEvent(event.id, 'invoice_failed', event.data.object, event.created);
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted':
          return subscriptionEvent(event.id, event.type === 'customer.subscription.deleted', event.data.object, event.created);
        default:
          return { id: event.id, type: 'ignored' };
      }
    },

    async cancelAtPeriodEnd(subscriptionRef: string): Promise<void> {
      await stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: true });
    },

    /**
     * Ends the subscription first (so it never charges again, even if the refund then fails), then
     * refunds the payment intent behind the checkout or the invoice. Both calls carry keys derived
     * from the order's one idempotency key: a retry gets Stripe's first answers back, never a
     * second refund (Stripe keeps keys for at least 24 hours; after that, refunding a charge that
     * is already refunded in full is refused by Stripe itself).
     */
    async refund(req: RefundRequest): Promise<RefundResult> {
      if (req.subscriptionRef) await endSubscription(stripe, req.subscriptionRef, `${req.idempotencyKey}-end`);
      const paymentIntent = await paymentIntentOf(stripe, req);
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: req.amount,
          reason: 'requested_by_customer',
          metadata: { orderId: req.orderId, note: req.reason.slice(0, 500) },
        },
        { idempotencyKey: req.idempotencyKey },
      );
      return { refundRef: refund.id };
    },
  };
}

const idOf = (v: string | { id: string } | null | undefined): string | null => (typeof v === 'string' ? v : (v?.id ?? null));

/** The payment intent of an invoice's paid payment (invoices list their payments since API 2025-03-31). */
function invoicePaymentIntent(invoice: Stripe.Invoice | null): string | null {
  const paid = invoice?.payments?.data.find((p) => p.status === 'paid') ?? invoice?.payments?.data[0];
  return idOf(paid?.payment.payment_intent);
}

/** What a refund is taken from: the checkout's payment intent (a pack), its first invoice's (a membership), or the renewal invoice's. */
async function paymentIntentOf(stripe: Stripe, req: RefundRequest): Promise<string> {
  let intent: string | null = null;
  if (req.checkoutRef) {
    const session = await stripe.checkout.sessions.retrieve(req.checkoutRef, { expand: ['invoice.payments'] });
    intent = idOf(session.payment_intent) ?? invoicePaymentIntent(typeof session.invoice === 'object' ? session.invoice : null);
  } else if (req.invoiceRef) {
    intent = invoicePaymentIntent(await stripe.invoices.retrieve(req.invoiceRef, { expand: ['payments'] }));
  }
  if (!intent) throw new Error(`No Stripe payment found to refund for order ${req.orderId}`);
  return intent;
}

/** Cancels a subscription now; one that Stripe has already cancelled counts as done. */
async function endSubscription(stripe: Stripe, subscriptionRef: string, idempotencyKey: string): Promise<void> {
  try {
    await stripe.subscriptions.cancel(subscriptionRef, {}, { idempotencyKey });
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
    const sub = await stripe.subscriptions.retrieve(subscriptionRef);
    if (sub.status !== 'canceled') throw err;
  }
}
