import { z } from 'zod';

/**
 * What every admin list shares: paging on the server, and a date range given as ISO dates
 * (`2026-11-01`) or times, both ends included, read in UTC.
 */
export const ADMIN_MAX_PAGE_SIZE = 100;

export const adminPageQuerySchema = z.object({
  page: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).default(1),
  pageSize: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(ADMIN_MAX_PAGE_SIZE, { error: 'validation.invalid' })
    .default(20),
});
export type AdminPageQuery = z.infer<typeof adminPageQuerySchema>;

/** A day (`2026-11-01`) or an ISO time; empty means unbounded. */
export const adminDateSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || !Number.isNaN(Date.parse(v)), { error: 'validation.invalid' })
  .optional();

/** `from`/`to` of a query as epoch milliseconds: a bare day as `to` covers the whole day. */
export function dateRangeMs(from: string | undefined, to: string | undefined): { fromMs: number | null; toMs: number | null } {
  const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
  const fromMs = from ? Date.parse(isDay(from) ? `${from}T00:00:00Z` : from) : null;
  const toMs = to ? Date.parse(isDay(to) ? `${to}T23:59:59.999Z` : to) : null;
  return { fromMs, toMs };
}

/** `{list, total}` of any admin list. */
export function adminPageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int() });
}

/** An id in a path or body: what the admin API accepts for any record id. */
export const adminIdSchema = z.string({ error: 'validation.invalid' }).trim().min(1, { error: 'validation.invalid' }).max(128, { error: 'validation.invalid' });
