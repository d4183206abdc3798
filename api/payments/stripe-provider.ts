import Stripe from 'stripe';
import { WebhookRejected, type Checkout, type CheckoutRequest, type PaymentEvent, type PaymentProvider } from './provider.js';

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

/** Stripe Checkout (one-off payment per order), verified webhooks. */
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
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: { currency: order.currency.toLowerCase(), unit_amount: order.amount, product_data: { name: order.bundleName } },
            },
          ],
          client_reference_id: order.id,
          metadata: { orderId: order.id, paymentId: req.paymentId },
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
          };
        }
        case 'checkout.session.expired': {
          const s = event.data.object;
          return { id: event.id, type: 'expired', providerRef: s.id, orderId: s.client_reference_id ?? s.metadata?.orderId ?? null };
        }
        default:
          return { id: event.id, type: 'ignored' };
      }
    },
  };
}
