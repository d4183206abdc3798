import { apiGet, apiRequest } from '../../../lib/api-client';

/** SWR fetcher for admin lists: a failure shows the list's error state with a retry, not a toast. */
export const adminFetcher = <T>(path: string) => apiGet<T>(path, { quiet: true });

/**
 * A change through the admin API (POST create or action, PATCH update, DELETE). Validation
 * failures (40001) are left to the form, which shows them by field; other codes get the toast.
 */
export function adminSend<T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown, quiet: readonly number[] = [40001]): Promise<T> {
  return apiRequest<T>(path, { method, body, quiet });
}

/** `?a=1&b=x` from the filters that are set (empty strings and undefined are left out). */
export function queryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}
