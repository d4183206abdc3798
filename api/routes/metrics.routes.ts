import { createHash, timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import { ErrorCode } from '@contracts/error-codes.js';
import { AppError } from '../http/app-error.js';
import type { AppEnv } from '../http/env.js';
import { requestHeader } from '../http/node-http.js';

/** Outside /api/v1: a Prometheus scrape target, not part of the versioned API. */
export const METRICS_PATH = '/metrics';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compares in constant time (over digests, so unequal lengths take as long as equal ones). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics in the Prometheus text format. With `token` (METRICS_TOKEN) set, only for
 * `Authorization: Bearer <token>`; any other caller gets 40202, the catalogue's "not signed in".
 */
export function registerMetricsRoute(app: Hono<AppEnv>, scrape: { contentType: string; text: () => Promise<string> }, token: string | undefined): void {
  app.get(METRICS_PATH, async (c) => {
    if (token !== undefined && !bearerMatches(requestHeader(c, 'authorization'), token)) {
      throw new AppError(ErrorCode.NOT_LOGGED_IN, 'The metrics need Authorization: Bearer <METRICS_TOKEN>', null, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    return c.body(await scrape.text(), 200, { 'Content-Type': scrape.contentType, 'Cache-Control': 'no-store' });
  });
}
