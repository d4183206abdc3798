import type Stripe from 'stripe';
import type { InvoiceFailedEvent, InvoicePaidEvent, PaymentEvent, SubscriptionStateEvent } from './provider.js';

const ms = (seconds: number) => seconds * 1000;

/** The subscription an invoice belongs to, and our order from the subscription's metadata; null for one-off invoices. */
function invoiceSubscription(invoice: Stripe.Invoice): { ref: string; orderId: string | null } | null {
  const details = invoice.parent?.subscription_details;
  if (!details) return null;
  const ref = typeof details.subscription === 'string' ? details.subscription : details.subscription.id;
  return { ref, orderId: details.metadata?.orderId ?? null };
}

/**
 * The service period an invoice pays for: its subscription line's period (the invoice's own
 * period_start/period_end describe when items could be added, not what was bought).
 */
function invoicePeriod(invoice: Stripe.Invoice): { start: number; end: number } | null {
  const lines = invoice.lines?.data ?? [];
  const line = lines.find((l) => l.parent?.type === 'subscription_item_details') ?? lines[0];
  return line ? { start: ms(line.period.start), end: ms(line.period.end) } : null;
}

/** invoice.paid / invoice.payment_succeeded / invoice.payment_failed, for a subscription's invoice. */
export function invoiceEvent(id: string, type: 'invoice_paid' | 'invoice_failed', invoice: Stripe.Invoice, created: number): PaymentEvent {
  const sub = invoiceSubscription(invoice);
  const period = invoicePeriod(invoice);
  if (!sub || !invoice.id) return { id, type: 'ignored' };
  const base = { id, subscriptionRef: sub.ref, orderId: sub.orderId, at: ms(created), invoiceRef: invoice.id };
  if (type === 'invoice_failed') return { ...base, type, periodStart: period?.start ?? null } satisfies InvoiceFailedEvent;
  if (!period) return { id, type: 'ignored' };
  return {
    ...base,
    type,
    periodStart: period.start,
    periodEnd: period.end,
    amount: invoice.amount_paid,
    currency: invoice.currency.toUpperCase(),
  } satisfies InvoicePaidEvent;
}

/** Stripe's subscription statuses in our terms. */
function stateOf(status: Stripe.Subscription.Status): SubscriptionStateEvent['state'] {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'payment_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'ended';
    default:
      return 'other';
  }
}

/** customer.subscription.created / updated / deleted. */
export function subscriptionEvent(id: string, deleted: boolean, sub: Stripe.Subscription, created: number): SubscriptionStateEvent {
  return {
    id,
    type: 'subscription_state',
    subscriptionRef: sub.id,
    orderId: sub.metadata?.orderId ?? null,
    at: ms(created),
    state: deleted ? 'ended' : stateOf(sub.status),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    endedAt: sub.ended_at !== null && sub.ended_at !== undefined ? ms(sub.ended_at) : deleted ? ms(created) : null,
  };
}
