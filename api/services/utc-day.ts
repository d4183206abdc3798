export const DAY_MS = 24 * 3600 * 1000;

/** The UTC day of `t`: its `yyyy-mm-dd` and its bounds in epoch ms (refund budgets, a bot's daily spend). */
export function utcDay(t: number): { day: string; start: number; end: number } {
  const start = Math.floor(t / DAY_MS) * DAY_MS;
  return { day: new Date(start).toISOString().slice(0, 10), start, end: start + DAY_MS };
}
