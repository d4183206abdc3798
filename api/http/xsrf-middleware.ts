import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { ErrorCode } from '@contracts/error-codes.js';
import { AppError } from './app-error.js';
import type { AppEnv } from './env.js';
import type { CookieSecurity } from './session-middleware.js';
import { XSRF_COOKIE, XSRF_HEADER, mintXsrfToken, verifyXsrfToken } from './security.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing request must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN, and the token
 * must be signed for the caller's current session. Safe requests (re)issue the cookie when it
 * is missing or belongs to another session. `exempt` paths carry their own authentication
 * (payment webhooks are signed by the provider).
 */
export function xsrfMiddleware(secret: string, sec: CookieSecurity, exempt: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const cookie = getCookie(c, XSRF_COOKIE);
    const binding = c.get('sessionBinding');
    if (SAFE.has(c.req.method)) {
      if (!verifyXsrfToken(secret, binding, cookie)) issueXsrfCookie(c, secret, sec);
    } else if (!exempt(c.req.path)) {
      const header = c.req.header(XSRF_HEADER);
      if (!header || header !== cookie || !verifyXsrfToken(secret, binding, header)) {
        throw new AppError(ErrorCode.XSRF_INVALID, 'Missing or invalid XSRF token');
      }
    }
    await next();
  };
}

/** Sets a fresh token bound to the request's current session binding (call after login/logout). */
export function issueXsrfCookie(c: Context<AppEnv>, secret: string, sec: CookieSecurity): void {
  setCookie(c, XSRF_COOKIE, mintXsrfToken(secret, c.get('sessionBinding')), {
    httpOnly: false,
    sameSite: 'Lax',
    secure: sec.secure(c),
    path: '/',
  });
}
