import type { PaymentProviderName } from '../db/schema.js';

/** What a checkout is for: one order, as the provider needs to show and charge it. */
export interface CheckoutOrder {
  id: string;
  /** In the caller's language. */
  bundleName: string;
  /** Cents. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** Epoch ms: the checkout must not outlive the order where the provider allows it. */
  expireAt: number;
  /** Set for a membership: the checkout starts a subscription charging `amount` every `periodMonths`. */
  membership?: { periodMonths: number };
}

export interface CheckoutRequest {
  paymentId: string;
  order: CheckoutOrder;
  /** Absolute when PUBLIC_URL is set, else relative to the site. */
  successUrl: string;
  cancelUrl: string;
  /** Epoch ms, the app's clock. */
  now: number;
}

export interface Checkout {
  /** The provider's id for the checkout (Stripe: the Checkout Session id). */
  providerRef: string;
  /** Where the browser goes to pay. */
  payUrl: string;
}

/**
 * A verified provider event, reduced to what the payment service acts on. `ignored` events are
 * acknowledged and recorded, nothing else.
 */
export type PaymentEvent =
  | {
      id: string;
      type: 'paid';
      providerRef: string;
      orderId: string | null;
      amount: number | null;
      currency: string | null;
      /** The subscription the checkout started (memberships only). */
      subscriptionRef?: string | null;
    }
  | { id: string; type: 'expired'; providerRef: string; orderId: string | null }
  | InvoicePaidEvent
  | InvoiceFailedEvent
  | SubscriptionStateEvent
  | { id: string; type: 'ignored' };

/** Fields every subscription event carries. */
interface SubscriptionEventBase {
  id: string;
  subscriptionRef: string;
  /** Our order, from the subscription's metadata: lets an event that arrives first create the subscription. */
  orderId: string | null;
  /** Provider time of the event (epoch ms): an older event never undoes a newer state. */
  at: number;
}

/** One period of a membership is paid: its quota is granted once, valid until `periodEnd`. */
export interface InvoicePaidEvent extends SubscriptionEventBase {
  type: 'invoice_paid';
  invoiceRef: string;
  periodStart: number;
  periodEnd: number;
  amount: number;
  currency: string;
}

/** A renewal charge failed: the membership is payment due; its quota still ends with the paid period. */
export interface InvoiceFailedEvent extends SubscriptionEventBase {
  type: 'invoice_failed';
  invoiceRef: string;
  periodStart: number | null;
}

/** The provider's view of a subscription changed (updated, cancelled at period end, deleted). */
export interface SubscriptionStateEvent extends SubscriptionEventBase {
  type: 'subscription_state';
  /** 'other': a provider state we do not act on (incomplete, paused…): only the cancel flag is taken. */
  state: 'active' | 'payment_due' | 'ended' | 'other';
  cancelAtPeriodEnd: boolean;
  /** When it ended (epoch ms), for 'ended'. */
  endedAt: number | null;
}

/**
 * Money back for one paid order (docs/admin-billing.md). The provider finds the payment from what
 * we stored: the checkout (Stripe: the Checkout Session, whose payment intent is refunded) or,
 * for a membership renewal, the period's invoice. A membership's subscription is ended first so
 * that it never charges again.
 */
export interface RefundRequest {
  /** The same for every attempt at refunding one order: a retry never refunds twice. */
  idempotencyKey: string;
  orderId: string;
  /** Cents, the order's own amount. */
  amount: number;
  currency: string;
  /** The checkout that took the money (payments.provider_ref), when the order was paid through one. */
  checkoutRef: string | null;
  /** The invoice that paid a membership period (subscription_periods.invoice_ref), for a renewal order. */
  invoiceRef: string | null;
  /** The subscription to end now (a membership order whose subscription has not ended). */
  subscriptionRef: string | null;
  /** Staff's reason, kept with the refund at the provider. */
  reason: string;
}

export interface RefundResult {
  /** The provider's refund id (Stripe re_…, sandbox re_sbx_…). */
  refundRef: string;
}

/** The webhook's body or signature could not be verified: answered 400, nothing changes. */
export class WebhookRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookRejected';
  }
}

/** One payment provider: the built-in sandbox or Stripe. The rest of the app sees only this. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Opens a checkout; throws when the provider refuses or cannot be reached (nothing is charged then). */
  createCheckout(req: CheckoutRequest): Promise<Checkout>;
  /** Verifies the raw body against its signature header; throws WebhookRejected when it does not verify. */
  parseWebhook(rawBody: string, headers: Headers): PaymentEvent;
  /** Asks the provider not to renew a subscription after its current period; throws when it refuses or cannot be reached. */
  cancelAtPeriodEnd(subscriptionRef: string): Promise<void>;
  /** Refunds one paid order in full (ending its subscription first); throws when the provider refuses or cannot be reached. */
  refund(req: RefundRequest): Promise<RefundResult>;
}

/** The site's base for absolute links: PUBLIC_URL without a trailing slash, or '' for relative ones. */
export function siteBase(publicUrl: string | undefined): string {
  return (publicUrl ?? '').replace(/\/+$/, '');
}
