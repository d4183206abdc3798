import type { MembershipInfo } from '@contracts/memberships.js';
import type { SubscriptionRow } from '../repositories/subscriptions.repository.js';

/** The API's view of one membership (My products, POST /membership/cancel). */
export function toMembership(sub: SubscriptionRow): MembershipInfo {
  return {
    subscriptionId: sub.id,
    status: sub.status,
    currentPeriodEnd: sub.current_period_end === null ? null : new Date(sub.current_period_end).toISOString(),
    cancelAtPeriodEnd: sub.cancel_at_period_end === 1,
    bundleId: sub.bundle_id,
    periodMonths: sub.period_months,
  };
}
