import type { MiddlewareHandler } from 'hono';
import { nodeResponse } from './node-http.js';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
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

/** The same security headers on every answer, API and static files alike. */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    const node = nodeResponse(c);
    if (node) {
      for (const [name, value] of SECURITY_HEADERS) node.setHeader(name, value);
      await next();
      return;
    }
    await next();
    for (const [name, value] of SECURITY_HEADERS) c.res.headers.set(name, value);
  };
}
