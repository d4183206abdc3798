import type { MembershipInfo } from '@contracts/memberships';
import type { ProductQuota } from '@contracts/quota';
import { apiPost } from '../../lib/api-client';

export type { MembershipInfo, ProductQuota };
export type QuotaItem = ProductQuota['quotaInfo'][number];

/** SWR key of My products: names come back in `lang` (the payment pages revalidate every `/my/quota` key). */
export const quotaKey = (lang: 'en' | 'zh') => `/my/quota?lang=${lang}`;

/** Stops a membership renewing: it stays, with its quota, until the period ends. Failures are toasted. */
export const cancelMembership = (subscriptionId: string) => apiPost<MembershipInfo>('/membership/cancel', { subscriptionId });
