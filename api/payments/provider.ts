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
  | { id: string; type: 'paid'; providerRef: string; orderId: string | null; amount: number | null; currency: string | null }
  | { id: string; type: 'expired'; providerRef: string; orderId: string | null }
  | { id: string; type: 'ignored' };

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
}

/** The site's base for absolute links: PUBLIC_URL without a trailing slash, or '' for relative ones. */
export function siteBase(publicUrl: string | undefined): string {
  return (publicUrl ?? '').replace(/\/+$/, '');
}
