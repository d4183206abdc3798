import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { siteBase, WebhookRejected, type Checkout, type CheckoutRequest, type PaymentEvent, type PaymentProvider, type RefundRequest } from './provider.js';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

const subscriptionBase = { id: z.string().min(1), subscriptionRef: z.string().min(1), orderId: z.string().nullable(), at: z.number().int() };

const checkoutEventSchemas = [
  z.object({
    id: z.string().min(1),
    type: z.literal('paid'),
    providerRef: z.string().min(1),
    orderId: z.string().nullable(),
    amount: z.number().int().nullable(),
    currency: z.string().nullable(),
    subscriptionRef: z.string().min(1).nullable().optional(),
  }),
  z.object({ id: z.string().min(1), type: z.literal('expired'), providerRef: z.string().min(1), orderId: z.string().nullable() }),
] as const;
const subscriptionEventSchemas = [
  z.object({
    ...subscriptionBase,
    type: z.literal('invoice_paid'),
    invoiceRef: z.string().min(1),
    periodStart: z.number().int(),
    periodEnd: z.number().int(),
    amount: z.number().int(),
    currency: z.string(),
  }),
  z.object({ ...subscriptionBase, type: z.literal('invoice_failed'), invoiceRef: z.string().min(1), periodStart: z.number().int().nullable() }),
  z.object({
    ...subscriptionBase,
    type: z.literal('subscription_state'),
    state: z.enum(['active', 'payment_due', 'ended', 'other']),
    cancelAtPeriodEnd: z.boolean(),
    endedAt: z.number().int().nullable(),
  }),
] as const;
const eventSchema = z.discriminatedUnion('type', [...checkoutEventSchemas, ...subscriptionEventSchemas]);
/** What the sandbox checkout page sends: paid or abandoned. */
export type SandboxEvent = z.infer<(typeof checkoutEventSchemas)[number]>;
/** What the sandbox sends about a membership: a period paid or failed, a state change. */
export type SandboxSubscriptionEvent = z.infer<(typeof subscriptionEventSchemas)[number]>;

/** A sandbox event ready to post to the webhook: the exact body and its headers. */
export interface SignedEvent {
  rawBody: string;
  headers: Headers;
}

/** A refund the sandbox "provider" recorded: one per idempotency key, as Stripe keeps one per key. */
export interface SandboxRefund extends Omit<RefundRequest, 'idempotencyKey'> {
  idempotencyKey: string;
  refundRef: string;
  /** Epoch ms of the first request with this key. */
  at: number;
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** Every refund asked for, once per idempotency key (this process only: the order row keeps the refund too). */
  readonly refunds: readonly SandboxRefund[];
  /** The provider's own time, which tests move forward to renew memberships (like Stripe's test clocks). */
  readonly clock: SandboxClock;
  /** Builds the event the sandbox "provider" sends when its page is paid or abandoned, or a membership renews. */
  signEvent(event: SandboxEvent | SandboxSubscriptionEvent): SignedEvent;
}

/** The sandbox provider's clock: real time plus an offset that only ever grows. */
export interface SandboxClock {
  now(): number;
  advance(ms: number): void;
}

export function createSandboxClock(base: () => number = Date.now): SandboxClock {
  let offset = 0;
  return {
    now: () => base() + offset,
    advance: (ms) => {
      offset += Math.max(0, ms);
    },
  };
}

/**
 * The built-in provider (the default without Stripe keys): the checkout is the SPA page
 * `/payment/sandbox/{paymentId}`, and its events are HMAC-SHA256 signed with a key derived from
 * the app's secret, so they go through the same verified webhook handling as Stripe's.
 */
export function createSandboxProvider(opts: { secret: string; publicUrl: string | undefined; clock?: SandboxClock }): SandboxProvider {
  const key = createHmac('sha256', opts.secret).update('docuflow/sandbox-payments/v1').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('hex');
  const refunds: SandboxRefund[] = [];

  return {
    name: 'sandbox',
    clock: opts.clock ?? createSandboxClock(),

    async createCheckout(req: CheckoutRequest): Promise<Checkout> {
      return { providerRef: req.paymentId, payUrl: `${siteBase(opts.publicUrl)}/payment/sandbox/${encodeURIComponent(req.paymentId)}` };
    },

    parseWebhook(rawBody: string, headers: Headers): PaymentEvent {
      const given = Buffer.from(headers.get(SANDBOX_SIGNATURE_HEADER) ?? '', 'utf8');
      const expected = Buffer.from(sign(rawBody), 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookRejected('Bad sandbox signature');
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw new WebhookRejected('Malformed sandbox event');
      }
      const parsed = eventSchema.safeParse(json);
      if (!parsed.success) throw new WebhookRejected('Malformed sandbox event');
      return parsed.data;
    },

    // Nothing to tell: the sandbox keeps no state of its own; renewals read our subscriptions (membership.service.ts).
    async cancelAtPeriodEnd() {},

    refunds,

    // Recorded, never sent anywhere: the same key answers the same refund (as Stripe's idempotency
    // keys do), so a retried refund is recorded once. The subscription needs no telling: a
    // subscription our side ended is never renewed by the sandbox (membership.service.ts).
    async refund(req) {
      const known = refunds.find((r) => r.idempotencyKey === req.idempotencyKey);
      if (known) return { refundRef: known.refundRef };
      const refundRef = `re_sbx_${createHash('sha256').update(req.idempotencyKey).digest('hex').slice(0, 24)}`;
      refunds.push({ ...req, refundRef, at: Date.now() });
      return { refundRef };
    },

    signEvent(event) {
      const rawBody = JSON.stringify(event);
      return { rawBody, headers: new Headers({ 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sign(rawBody) }) };
    },
  };
}

/** A fresh id for a sandbox event (each pay or cancel on the sandbox page is one event). */
export function newSandboxEventId(): string {
  return `evt_sbx_${randomUUID()}`;
}

export function isSandbox(provider: PaymentProvider): provider is SandboxProvider {
  return provider.name === 'sandbox' && 'signEvent' in provider;
}
