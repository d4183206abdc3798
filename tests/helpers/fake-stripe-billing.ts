import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface RecordedStripeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

/**
 * Plays the two Stripe API calls memberships make, on a local port, and records every request:
 * POST /v1/checkout/sessions (either mode) and POST /v1/subscriptions/{id} (cancel at period end).
 * `failing` answers HTTP 500 with Stripe's error shape.
 */
export class FakeStripeBilling {
  readonly requests: RecordedStripeRequest[] = [];
  failing = false;
  private server: Server | undefined;
  private n = 0;

  async start(): Promise<number> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const path = req.url ?? '';
        this.requests.push({ method: req.method ?? '', path, headers: req.headers, form });
        res.setHeader('content-type', 'application/json');
        const answer = (status: number, json: unknown) => {
          res.statusCode = status;
          res.end(JSON.stringify(json));
        };
        if (this.failing) return answer(500, { error: { type: 'api_error', message: "Something went wrong on Stripe's end." } });
        if (req.method === 'POST' && path === '/v1/checkout/sessions') return answer(200, this.session(form));
        const sub = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(path);
        if (req.method === 'POST' && sub) {
          return answer(200, { id: sub[1], object: 'subscription', status: 'active', cancel_at_period_end: form.get('cancel_at_period_end') === 'true', metadata: {} });
        }
        return answer(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
      });
    });
    await new Promise<void>((ok) => this.server!.listen(0, '127.0.0.1', ok));
    return (this.server.address() as AddressInfo).port;
  }

  private session(form: URLSearchParams) {
    this.n += 1;
    const id = `cs_test_${this.n}${Math.random().toString(36).slice(2, 10)}`;
    return {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.test/c/pay/${id}`,
      mode: form.get('mode'),
      status: 'open',
      payment_status: 'unpaid',
      amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
      currency: form.get('line_items[0][price_data][currency]'),
      client_reference_id: form.get('client_reference_id'),
      metadata: { orderId: form.get('metadata[orderId]'), paymentId: form.get('metadata[paymentId]') },
      subscription: null,
      expires_at: Number(form.get('expires_at')),
      livemode: false,
    };
  }

  stop(): Promise<void> {
    return new Promise((ok) => (this.server ? this.server.close(() => ok()) : ok()));
  }
}

/** A Stripe event as its webhook delivers it. `created` is in seconds, as Stripe sends it. */
export function stripeEvent(type: string, object: Record<string, unknown>, opts: { id?: string; created?: number } = {}): string {
  return JSON.stringify({
    id: opts.id ?? `evt_test_${Math.random().toString(36).slice(2, 12)}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: opts.created ?? Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
}

/** A subscription's invoice as Stripe sends it in invoice.* events (the fields our handling reads, and a few more). */
export function invoiceObject(o: { id: string; subscription: string; orderId: string | null; amount: number; currency: string; periodStart: number; periodEnd: number; billingReason?: string }) {
  return {
    id: o.id,
    object: 'invoice',
    amount_paid: o.amount,
    amount_due: o.amount,
    currency: o.currency.toLowerCase(),
    billing_reason: o.billingReason ?? 'subscription_cycle',
    status: 'paid',
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: o.subscription, metadata: o.orderId ? { orderId: o.orderId } : {} } },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: `il_${o.id}`,
          object: 'line_item',
          amount: o.amount,
          period: { start: Math.floor(o.periodStart / 1000), end: Math.floor(o.periodEnd / 1000) },
          parent: { type: 'subscription_item_details', subscription_item_details: { subscription: o.subscription } },
        },
      ],
    },
  };
}

/** A subscription as Stripe sends it in customer.subscription.* events. */
export function subscriptionObject(o: { id: string; orderId: string | null; status: string; cancelAtPeriodEnd?: boolean; endedAt?: number | null }) {
  return {
    id: o.id,
    object: 'subscription',
    status: o.status,
    cancel_at_period_end: o.cancelAtPeriodEnd ?? false,
    ended_at: o.endedAt ?? null,
    metadata: o.orderId ? { orderId: o.orderId } : {},
  };
}
