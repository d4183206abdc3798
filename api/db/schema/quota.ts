import type { Generated } from 'kysely';
import type { QuotaType } from '@contracts/quota.js';

/** What users hold and spend: grants, quotas, trial claims, refunds and rate-limit counters. */

export interface BundleGrantsTable {
  id: string;
  user_id: string;
  bundle_id: string;
  /** 'membership': one paid period of a subscription, source_ref `{subscriptionId}:{periodStart}`. */
  source: 'trial' | 'order' | 'admin' | 'membership';
  /** Order id for 'order', 'trial' for the trial: unique per user and source. */
  source_ref: string;
  granted_at: number;
  valid_date: number;
}

export interface UserQuotasTable {
  id: string;
  user_id: string;
  grant_id: string;
  product_id: string;
  quota_type: QuotaType;
  quota: number;
  avail_quota: number;
  /** 1 when the granting bundle allows batch conversion. */
  batch: number;
  valid_date: number;
  created_at: number;
}

/** One row per mailbox that got the free trial. */
export interface TrialClaimsTable {
  email_normalized: string;
  user_id: string;
  claimed_at: number;
}

/** The log of every refund of conversion units. */
export interface RefundsTable {
  id: string;
  user_id: string;
  conversion_id: string;
  engine: 'browser' | 'server';
  quota_id: string;
  units: number;
  reason: string;
  created_at: number;
}

/** Device-side refunds used per user and UTC day (`yyyy-mm-dd`): the budget of api/services/device-refund.service.ts. */
export interface RefundDaysTable {
  user_id: string;
  day: string;
  /** Refunds of device-side uses (browser conversions and tool uses together) taken that day. */
  device_refunds: Generated<number>;
}

/** Rate-limit counters (rate-limiter-flexible's layout): `expire` is epoch ms, null for never. */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | null;
}

/** One use of an AI tool that spent quota (api/services/tool-usage.service.ts). */
export interface ToolUsesTable {
  id: string;
  user_id: string;
  tool_id: string;
  quota_id: string;
  units: number;
  subject: string;
  refunded: number;
  created_at: number;
  /** 1 when the page spent it for an operation on the device (refundable by the page, within the budget); 0 when the server ran it. */
  on_device: Generated<number>;
}
