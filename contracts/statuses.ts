/**
 * The named statuses of records that the browser, the API and the database share. Code says
 * `ConversionStatus.FAILED`, never a bare `2`, so a reader (and a search) finds every place that
 * means "failed".
 */

/** A conversion's life: stored in `conversions.status` and sent on the wire (spec §8). */
export const ConversionStatus = {
  /** A server conversion's upload, not yet sent to conversion (never shown: it reads as converting). */
  UPLOADED: 0,
  CONVERTING: 1,
  FAILED: 2,
  SUCCEEDED: 3,
} as const;
export type ConversionStatus = (typeof ConversionStatus)[keyof typeof ConversionStatus];

/** What clients see: an upload not yet sent reads as converting. */
export type ShownConversionStatus = Exclude<ConversionStatus, typeof ConversionStatus.UPLOADED>;
export const SHOWN_CONVERSION_STATUSES = [ConversionStatus.CONVERTING, ConversionStatus.FAILED, ConversionStatus.SUCCEEDED] as const;

/** The status a client is shown for a stored one. */
export function shownStatus(status: ConversionStatus): ShownConversionStatus {
  return status === ConversionStatus.UPLOADED ? ConversionStatus.CONVERTING : status;
}

/**
 * An order's life (contracts/orders.ts): created paying, then paid, cancelled by its owner or
 * expired; a paid order that staff refunded is refunded (final: its quota was taken back, see
 * docs/admin-billing.md).
 */
export const OrderStatus = {
  PAYING: 'paying',
  PAID: 'paid',
  CANCELLED: 'cancelled',
  EXPIRED: 'expired',
  REFUNDED: 'refunded',
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** A payment attempt of an order, as the provider reports it (stored only, never on the wire as such). */
export const PaymentStatus = {
  OPEN: 'open',
  PAID: 'paid',
  CANCELLED: 'cancelled',
  FAILED: 'failed',
} as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];

/**
 * A membership's renewal state (contracts/memberships.ts): active (renews at the period end),
 * cancelling (ends at the period end), payment_due (a renewal failed: the quota ends at the
 * period end unless it is paid), ended (terminal).
 */
export const MembershipStatus = {
  ACTIVE: 'active',
  CANCELLING: 'cancelling',
  PAYMENT_DUE: 'payment_due',
  ENDED: 'ended',
} as const;
export type MembershipStatus = (typeof MembershipStatus)[keyof typeof MembershipStatus];
