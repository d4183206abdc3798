import { z } from 'zod';

/**
 * GET /admin/stats: the dashboard's figures over a range of UTC days, both ends included.
 * Without `from`/`to` the range is the last STATS_DEFAULT_DAYS days ending today (UTC).
 */
export const DAY_MS = 86_400_000;
export const STATS_DEFAULT_DAYS = 30;
/** The longest range the server counts over (a leap year). */
export const STATS_MAX_DAYS = 366;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** A UTC day `YYYY-MM-DD` that exists in the calendar (2026-02-30 does not). */
export const statsDaySchema = z
  .string({ error: 'validation.invalid' })
  .trim()
  .refine((v) => isoDay.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { error: 'validation.invalid' })
  .optional();

export const statsQuerySchema = z.object({ from: statsDaySchema, to: statsDaySchema });
export type StatsQuery = z.infer<typeof statsQuerySchema>;

/** The UTC day number (days since 1970-01-01) of an epoch-ms time: what the SQL buckets group by. */
export const dayNumber = (ms: number): number => Math.floor(ms / DAY_MS);
export const dayOfNumber = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const numberOfDay = (day: string): number => dayNumber(Date.parse(`${day}T00:00:00Z`));

/** Why a range cannot be counted, as `{field: messageKey}` (40001's data), or null when it can. */
export function statsRangeProblem(from: string, to: string): Record<string, string> | null {
  const days = numberOfDay(to) - numberOfDay(from) + 1;
  if (days < 1) return { from: 'adminDashboard.range.fromAfterTo' };
  if (days > STATS_MAX_DAYS) return { to: 'adminDashboard.range.tooLong' };
  return null;
}

/**
 * The range a query names: `to` defaults to today (UTC), `from` to STATS_DEFAULT_DAYS days
 * ending at `to`.
 */
export function statsRangeOf(q: StatsQuery, nowMs: number): { from: string; to: string } {
  const to = q.to || dayOfNumber(dayNumber(nowMs));
  const from = q.from || dayOfNumber(numberOfDay(to) - STATS_DEFAULT_DAYS + 1);
  return { from, to };
}

const count = z.number().int();

/** One UTC day of the range; every day of the range is listed, days with nothing included. */
export const statsDayRowSchema = z.object({
  day: z.string(),
  newUsers: count,
  ordersCreated: count,
  ordersPaid: count,
  /** Conversions started that day (any engine, any outcome). */
  conversions: count,
  succeeded: count,
  failed: count,
});
export type StatsDay = z.infer<typeof statsDayRowSchema>;

export const statsRevenueSchema = z.object({
  currency: z.string(),
  /** Cents of the orders paid in the range, in this currency. */
  amount: count,
  orders: count,
});
export type StatsRevenue = z.infer<typeof statsRevenueSchema>;

export const statsTypeSchema = z.object({ convertType: z.string(), conversions: count, succeeded: count, failed: count });
export type StatsType = z.infer<typeof statsTypeSchema>;

export const statsSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    newUsers: count,
    ordersCreated: count,
    ordersPaid: count,
    conversions: count,
    succeeded: count,
    failed: count,
    /** succeeded / (succeeded + failed), 0..1; null when none ended. */
    successRate: z.number().nullable(),
  }),
  /** Per currency, by currency code; never summed across currencies. */
  revenue: z.array(statsRevenueSchema),
  /** Conversions run in the browser and on the server (`conversions.engine`). */
  engines: z.object({ browser: count, server: count }),
  /** Per conversion type, most used first. */
  types: z.array(statsTypeSchema),
  days: z.array(statsDayRowSchema),
  /** Not bound to the range: the state at the time of the request. */
  current: z.object({
    /** Files of conversions the sweeper has not purged yet (they are still on the server's storage). */
    filesStored: count,
    bytesStored: count,
    /** Feedback conversations waiting for staff (status `open`). */
    feedbackOpen: count,
  }),
});
export type Stats = z.infer<typeof statsSchema>;
