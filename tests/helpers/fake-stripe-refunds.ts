import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedStripeCall {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

interface FakeSession {
  id: string;
  mode: string;
  paymentIntent: string;
  invoice: string | null;
  metadata: Record<string, string>;
}

/**
 * Stripe's API for what a refund needs, on a local port, recording every request:
 * POST /v1/checkout/sessions (either mode), GET /v1/checkout/sessions/{id} (with the payment intent,
 * or for a subscription its first invoice and that invoice's payments), GET /v1/invoices/{id},
 * POST /v1/refunds, DELETE and GET /v1/subscriptions/{id}. Like Stripe, a request that repeats an
 * Idempotency-Key gets the first answer back. `failRefunds` answers the refund with HTTP 500.
 */
export class FakeStripeRefunds {
  readonly calls: RecordedStripeCall[] = [];
  failRefunds = false;
  private readonly sessions = new Map<string, FakeSession>();
  private readonly invoices = new Map<string, string>();
  private readonly cancelled = new Set<string>();
  private readonly replies = new Map<string, { status: number; body: string }>();
  private server: Server | undefined;
  private n = 0;

  /** POST /v1/refunds requests as Stripe received them. */
  get refundCalls(): RecordedStripeCall[] {
    return this.calls.filter((c) => c.method === 'POST' && c.path === '/v1/refunds');
  }

  /** The payment intent behind a session the app opened: what its refund must name. */
  paymentIntentOf(sessionId: string): string {
    return this.sessions.get(sessionId)!.paymentIntent;
  }

  /** Registers a renewal invoice paid by a payment intent of its own; returns that intent. */
  addInvoice(invoiceId: string): string {
    const pi = `pi_test_inv_${++this.n}`;
    this.invoices.set(invoiceId, pi);
    return pi;
  }

  async start(): Promise<number> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://stripe.test');
        const call = { method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, form: new URLSearchParams(body) };
        this.calls.push(call);
        const key = typeof req.headers['idempotency-key'] === 'string' ? `${call.method} ${call.path} ${req.headers['idempotency-key']}` : null;
        const replay = key ? this.replies.get(key) : undefined;
        const [status, json] = replay ? [replay.status, JSON.parse(replay.body) as unknown] : this.answer(call);
        const text = JSON.stringify(json);
        if (key && !replay && status < 500) this.replies.set(key, { status, body: text });
        res.statusCode = status;
        res.setHeader('content-type', 'application/json');
        res.end(text);
      });
    });
    await new Promise<void>((ok) => this.server!.listen(0, '127.0.0.1', ok));
    return (this.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((ok) => (this.server ? this.server.close(() => ok()) : ok()));
  }

  private invoiceObject(id: string) {
    const pi = this.invoices.get(id)!;
    return {
      id,
      object: 'invoice',
      status: 'paid',
      payments: { object: 'list', has_more: false, data: [{ id: `inpay_${id}`, object: 'invoice_payment', status: 'paid', payment: { type: 'payment_intent', payment_intent: pi } }] },
    };
  }

  private answer(c: RecordedStripeCall): [number, unknown] {
    const missing: [number, unknown] = [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: ${c.path}` } }];
    if (c.method === 'POST' && c.path === '/v1/checkout/sessions') {
      const id = `cs_test_${++this.n}${Math.random().toString(36).slice(2, 8)}`;
      const mode = c.form.get('mode') ?? 'payment';
      const paymentIntent = `pi_test_${this.n}`;
      const invoice = mode === 'subscription' ? `in_test_first_${this.n}` : null;
      if (invoice) this.invoices.set(invoice, paymentIntent);
      const metadata = { orderId: c.form.get('metadata[orderId]') ?? '', paymentId: c.form.get('metadata[paymentId]') ?? '' };
      this.sessions.set(id, { id, mode, paymentIntent, invoice, metadata });
      return [200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, mode, status: 'open', payment_status: 'unpaid', metadata, payment_intent: null, invoice: null }];
    }
    const session = /^\/v1\/checkout\/sessions\/(cs_\w+)$/.exec(c.path);
    if (c.method === 'GET' && session) {
      const s = this.sessions.get(session[1]!);
      if (!s) return missing;
      const expandInvoice = [...c.query.values()].includes('invoice.payments');
      return [
        200,
        {
          id: s.id,
          object: 'checkout.session',
          mode: s.mode,
          status: 'complete',
          payment_status: 'paid',
          metadata: s.metadata,
          payment_intent: s.mode === 'payment' ? s.paymentIntent : null,
          invoice: s.invoice && expandInvoice ? this.invoiceObject(s.invoice) : s.invoice,
        },
      ];
    }
    const invoice = /^\/v1\/invoices\/(in_\w+)$/.exec(c.path);
    if (c.method === 'GET' && invoice) return this.invoices.has(invoice[1]!) ? [200, this.invoiceObject(invoice[1]!)] : missing;
    if (c.method === 'POST' && c.path === '/v1/refunds') {
      if (this.failRefunds) return [500, { error: { type: 'api_error', message: "Something went wrong on Stripe's end." } }];
      const pi = c.form.get('payment_intent');
      if (!pi) return [400, { error: { type: 'invalid_request_error', message: 'Missing payment_intent' } }];
      return [200, { id: `re_test_${++this.n}`, object: 'refund', amount: Number(c.form.get('amount')), payment_intent: pi, status: 'succeeded', metadata: {} }];
    }
    const sub = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(c.path);
    if (sub && c.method === 'DELETE') {
      if (this.cancelled.has(sub[1]!)) return [400, { error: { type: 'invalid_request_error', message: 'This subscription is already canceled.' } }];
      this.cancelled.add(sub[1]!);
      return [200, { id: sub[1], object: 'subscription', status: 'canceled', metadata: {} }];
    }
    if (sub && c.method === 'GET') return [200, { id: sub[1], object: 'subscription', status: this.cancelled.has(sub[1]!) ? 'canceled' : 'active', metadata: {} }];
    return missing;
  }
}
