import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Counter, Histogram } from 'prom-client';

/** The label of a request that matched no route of its own (a 404): one series, whatever the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route pattern a request matched (`/api/v1/document/:documentId`), never its URL, so ids do
 * not make a series each. Middleware is registered for every method (`ALL`); the first route
 * registered for the request's method is the one that answers, or would have, had a middleware
 * not refused the request first. The catch-all page route (`/*`) stands for every page.
 */
export function routeLabel(c: Context): string {
  const route = matchedRoutes(c).find((r) => r.method !== 'ALL');
  return route?.path ?? UNMATCHED_ROUTE;
}

/** Counts and times every request by method, route pattern and status. Registered first, so it times the whole answer. */
export function httpMetrics(m: { requests: Counter<'method' | 'route' | 'status'>; duration: Histogram<'method' | 'route'> }): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const labels = { method: c.req.method, route: routeLabel(c) };
    m.requests.inc({ ...labels, status: String(c.res.status) });
    m.duration.observe(labels, (performance.now() - started) / 1000);
  };
}
