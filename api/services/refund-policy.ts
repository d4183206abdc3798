/** At most this many browser conversions reported failed are refunded per user and UTC day… */
export const BROWSER_REFUNDS_PER_DAY = 3;
/** …and at most this share of the browser conversions the user started that day (but always one). */
export const BROWSER_REFUND_SHARE = 0.1;

const DAY_MS = 24 * 3600 * 1000;

/**
 * How many failed browser conversions may be refunded today, given how many the user started
 * today: min(3, max(1, floor(10% × started))). A browser conversion's failure is only the
 * client's word, so refunds are capped; the first failure of a day is always refunded, so an
 * honest user whose one file would not convert gets the unit back.
 */
export function browserRefundsAllowed(startedToday: number): number {
  return Math.min(BROWSER_REFUNDS_PER_DAY, Math.max(1, Math.floor(startedToday * BROWSER_REFUND_SHARE)));
}

/** The UTC day of `t`: its `yyyy-mm-dd` and its bounds in epoch ms. */
export function utcDay(t: number): { day: string; start: number; end: number } {
  const start = Math.floor(t / DAY_MS) * DAY_MS;
  return { day: new Date(start).toISOString().slice(0, 10), start, end: start + DAY_MS };
}
