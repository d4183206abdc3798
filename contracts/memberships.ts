import { z } from 'zod';
import { MembershipStatus } from './statuses.js';

export { MembershipStatus };

/**
 * Memberships (spec §9): bundles of kind 'membership' renew every 1, 6 or 12 months until the
 * owner cancels; each paid period grants the bundle's quotas once, valid until the period ends.
 * Bundles of kind 'pack' are paid once and never renew.
 */
export const BUNDLE_KINDS = ['pack', 'membership'] as const;
export type BundleKind = (typeof BUNDLE_KINDS)[number];

export const MEMBERSHIP_PERIOD_MONTHS = [1, 6, 12] as const;
export type MembershipPeriodMonths = (typeof MEMBERSHIP_PERIOD_MONTHS)[number];

export const MEMBERSHIP_STATUSES = [MembershipStatus.ACTIVE, MembershipStatus.CANCELLING, MembershipStatus.PAYMENT_DUE, MembershipStatus.ENDED] as const;

/** The renewal state of one membership, as My products shows it. */
export const membershipInfoSchema = z.object({
  subscriptionId: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  /** ISO 8601: the end of the last paid period (renews, or ends, then); null before the first period is paid. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  bundleId: z.string(),
  periodMonths: z.number().int(),
});
export type MembershipInfo = z.infer<typeof membershipInfoSchema>;

const id = z.string({ error: 'validation.invalid' }).trim().min(1, { error: 'validation.invalid' }).max(64, { error: 'validation.invalid' });

export const cancelMembershipRequestSchema = z.object({ subscriptionId: id });
export type CancelMembershipRequest = z.infer<typeof cancelMembershipRequestSchema>;

/** Moves the sandbox provider's clock (test and development only) and runs the renewals that fall due. */
export const sandboxClockRequestSchema = z.object({
  advanceDays: z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' }).max(3660, { error: 'validation.invalid' }),
  /** Renewals falling due in this move fail (the card is declined): the membership becomes payment_due. */
  failRenewals: z.boolean({ error: 'validation.invalid' }).optional(),
});
export type SandboxClockRequest = z.infer<typeof sandboxClockRequestSchema>;

export const sandboxClockSchema = z.object({
  /** ISO 8601: the sandbox provider's time. */
  now: z.string(),
  renewed: z.number().int(),
  failed: z.number().int(),
  ended: z.number().int(),
});
export type SandboxClock = z.infer<typeof sandboxClockSchema>;

/**
 * `ms` plus `months` calendar months in UTC, the day clamped to the month's last (31 January + 1
 * month is 28 or 29 February), the way card providers bill monthly periods.
 */
export function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d.getUTCDate(), lastDay), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/**
 * The end of the period after one ending at `currentEnd`, counted from the first period's start
 * (`anchor`) so that a membership started on the 31st renews on the 31st of long months again.
 */
export function nextPeriodEnd(anchor: number, months: number, currentEnd: number): number {
  let k = 1;
  while (addMonths(anchor, k * months) <= currentEnd) k += 1;
  return addMonths(anchor, k * months);
}
