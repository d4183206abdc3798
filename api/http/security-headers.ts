import type { MiddlewareHandler } from 'hono';
import { nodeResponse } from './node-http.js';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // The video tools preview the visitor's own file and its results from blob: URLs.
  "media-src 'self' blob:",
  "font-src 'self' data:",
  // The local video helper (helper/, docs/local-helper.md) listens on 127.0.0.1 on a port the user may change.
  "connect-src 'self' http://127.0.0.1:*",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
].join('; ');

/** hono/secure-headers' defaults (OWASP's list) with our CSP; `security-headers.test.ts` keeps the two equal. */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
];

/**
 * API answers are data, never a page: OWASP's REST set (no framing, no sniffing, nothing to run
 * or load if one is opened as a document, not readable cross-origin). The page headers above
 * (isolation, DNS prefetch, legacy IE switches) mean nothing there and would only add bytes.
 */
export const API_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
];

/** The embeddable QA widget's script (docs/qa-bot.md) is loaded by other sites' pages: the page set, but loadable cross-origin. */
export const WIDGET_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = SECURITY_HEADERS.map(([name, value]) => [name, name === 'Cross-Origin-Resource-Policy' ? 'cross-origin' : value] as const);

/** Security headers on every answer: the page set for the app's files, the API set under `apiPrefix`. */
export function securityHeaders(apiPrefix: string): MiddlewareHandler {
  return async (c, next) => {
    const headers = c.req.path.startsWith(apiPrefix) ? API_SECURITY_HEADERS : c.req.path.startsWith('/widget/') ? WIDGET_SECURITY_HEADERS : SECURITY_HEADERS;
    const node = nodeResponse(c);
    if (node) {
      for (const [name, value] of headers) node.setHeader(name, value);
      await next();
      return;
    }
    await next();
    for (const [name, value] of headers) c.res.headers.set(name, value);
  };
}
