import type { MembershipStatus, OrderStatus, PaymentStatus } from '@contracts/statuses.js';

/** Orders, payments, provider events and memberships (subscriptions and their paid periods). */

export interface OrdersTable {
  /** The orderId of the API. */
  id: string;
  user_id: string;
  bundle_id: string;
  /** The bundle's names and price when the order was made. */
  bundle_name: string;
  bundle_name_zh: string;
  /** Cents. */
  amount: number;
  currency: string;
  status: OrderStatus;
  created_at: number;
  /** Payable until then; a 'paying' order past it is expired (lazily and by the sweeper). */
  expire_at: number;
  paid_at: number | null;
  /** Set when the user deleted the order from their list. */
  hidden_at: number | null;
  updated_at: number;
  /** A refund in flight: when staff's request claimed it (docs/admin-billing.md); null otherwise. */
  refund_started_at: number | null;
  /** When the order was refunded (status 'refunded'). */
  refunded_at: number | null;
  refund_reason: string | null;
  /** The provider's refund id; null when nothing was paid through a provider. */
  refund_ref: string | null;
}

export type PaymentProviderName = 'sandbox' | 'stripe';

export interface PaymentsTable {
  id: string;
  order_id: string;
  provider: PaymentProviderName;
  /** The provider's checkout id; null until the provider answered. */
  provider_ref: string | null;
  status: PaymentStatus;
  pay_url: string | null;
  created_at: number;
  updated_at: number;
}

/** Webhook events already handled, per provider: replays are acknowledged and ignored. */
export interface PaymentEventsTable {
  provider: PaymentProviderName;
  event_id: string;
  received_at: number;
}

/** A membership bought through a provider (one per order); see docs/memberships.md. */
export interface SubscriptionsTable {
  /** The subscriptionId of the API. */
  id: string;
  user_id: string;
  bundle_id: string;
  /** The order that bought it. */
  order_id: string;
  provider: PaymentProviderName;
  provider_subscription_id: string;
  status: MembershipStatus;
  /** Cents per period: the price when bought. */
  amount: number;
  currency: string;
  period_months: number;
  /** Start of the first paid period; later periods are counted from it. */
  billing_anchor: number | null;
  /** The last paid period; null until the first is paid. */
  current_period_start: number | null;
  current_period_end: number | null;
  cancel_at_period_end: number;
  /** Provider time (epoch ms) of the newest event applied to the status. */
  state_at: number | null;
  ended_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One paid period of a subscription: its key grants the period's quota exactly once. */
export interface SubscriptionPeriodsTable {
  subscription_id: string;
  period_start: number;
  period_end: number;
  invoice_ref: string;
  grant_id: string;
  created_at: number;
  /** The order that paid the period (the subscription's own order for the first); null for periods recorded before it was kept. */
  order_id: string | null;
}
