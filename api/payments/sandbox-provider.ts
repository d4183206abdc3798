import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { siteBase, WebhookRejected, type Checkout, type CheckoutRequest, type PaymentEvent, type PaymentProvider } from './provider.js';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

const eventSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.string().min(1),
    type: z.literal('paid'),
    providerRef: z.string().min(1),
    orderId: z.string().nullable(),
    amount: z.number().int().nullable(),
    currency: z.string().nullable(),
  }),
  z.object({ id: z.string().min(1), type: z.literal('expired'), providerRef: z.string().min(1), orderId: z.string().nullable() }),
]);
export type SandboxEvent = z.infer<typeof eventSchema>;

/** A sandbox event ready to post to the webhook: the exact body and its headers. */
export interface SignedEvent {
  rawBody: string;
  headers: Headers;
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** Builds the event the sandbox "provider" sends when its page is paid or abandoned. */
  signEvent(event: SandboxEvent): SignedEvent;
}

/**
 * The built-in provider (the default without Stripe keys): the checkout is the SPA page
 * `/payment/sandbox/{paymentId}`, and its events are HMAC-SHA256 signed with a key derived from
 * the app's secret, so they go through the same verified webhook handling as Stripe's.
 */
export function createSandboxProvider(opts: { secret: string; publicUrl: string | undefined }): SandboxProvider {
  const key = createHmac('sha256', opts.secret).update('docuflow/sandbox-payments/v1').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('hex');

  return {
    name: 'sandbox',

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
