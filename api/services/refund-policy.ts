/** At most this many device-side uses (browser conversions and tool uses together) are refunded per user and UTC day… */
export const DEVICE_REFUNDS_PER_DAY = 3;
/** …and at most this share of the device-side uses the user started that day (but always one). */
export const DEVICE_REFUND_SHARE = 0.1;

/**
 * How many failed device-side uses may be refunded today, given how many the user started
 * today: min(3, max(1, floor(10% × started))). A device-side failure is only the client's word,
 * so refunds are capped; the first failure of a day is always refunded, so an honest user whose
 * one file would not convert gets the unit back.
 */
export function deviceRefundsAllowed(startedToday: number): number {
  return Math.min(DEVICE_REFUNDS_PER_DAY, Math.max(1, Math.floor(startedToday * DEVICE_REFUND_SHARE)));
}
