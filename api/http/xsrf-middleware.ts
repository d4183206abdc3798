import type { Context, MiddlewareHandler } from 'hono';
import { ErrorCode } from '@contracts/error-codes.js';
import { AppError } from './app-error.js';
import type { AppEnv } from './env.js';
import { requestCookie, requestHeader, setResponseCookie } from './node-http.js';
import type { CookieSecurity } from './session-middleware.js';
import { XSRF_COOKIE, XSRF_HEADER, mintXsrfToken, verifyXsrfToken } from './security.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing request must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN, and the token
 * must be signed for the caller's current session. Safe requests (re)issue the cookie when it
 * is missing or belongs to another session. `exempt` paths carry their own authentication
 * (payment webhooks are signed by the provider).
 */
export function xsrfMiddleware(secret: string, sec: CookieSecurity, exempt: (path: string) => boolean, now: () => number = Date.now): MiddlewareHandler<AppEnv> {
  const anonymous = anonymousTokens(secret, now);
  const valid = verifiedTokens(secret);
  return async (c, next) => {
    const cookie = requestCookie(c, XSRF_COOKIE);
    const binding = c.get('sessionBinding');
    if (SAFE.has(c.req.method)) {
      if (!valid(binding, cookie)) {
        if (binding === null) setXsrfCookie(c, anonymous(), sec);
        else issueXsrfCookie(c, secret, sec);
      }
    } else if (!exempt(c.req.path)) {
      const header = requestHeader(c, XSRF_HEADER);
      if (!header || header !== cookie || !valid(binding, header)) {
        throw new AppError(ErrorCode.XSRF_INVALID, 'Missing or invalid XSRF token');
      }
    }
    await next();
  };
}

/** Sets a fresh token bound to the request's current session binding (call after login/logout). */
export function issueXsrfCookie(c: Context<AppEnv>, secret: string, sec: CookieSecurity): void {
  setXsrfCookie(c, mintXsrfToken(secret, c.get('sessionBinding')), sec);
}

function setXsrfCookie(c: Context<AppEnv>, token: string, sec: CookieSecurity): void {
  setResponseCookie(c, XSRF_COOKIE, token, { httpOnly: false, sameSite: 'Lax', secure: sec.secure(c), path: '/' });
}

/** How long one token serves every anonymous GET that arrives without a valid cookie. */
const ANONYMOUS_TOKEN_MS = 60_000;

/**
 * Any token minted for 'anon' verifies for every anonymous caller (that is what binding to no
 * session means), so sharing one for a minute gives nobody more than a GET of their own would,
 * and spares an HMAC and random bytes on every cookie-less read.
 */
function anonymousTokens(secret: string, now: () => number): () => string {
  let token = '';
  let mintedAt = -Infinity;
  return () => {
    if (now() - mintedAt >= ANONYMOUS_TOKEN_MS) {
      token = mintXsrfToken(secret, null);
      mintedAt = now();
    }
    return token;
  };
}

/** Distinct (session, token) pairs remembered as checked; past it the memory starts over. */
const MAX_VERIFIED = 10_000;

/**
 * A browser sends the same token with every request of its session, so a pair that passed the
 * HMAC check once passes again (the check is a pure function of the secret); only passes are kept.
 */
function verifiedTokens(secret: string): (binding: string | null, token: string | undefined) => boolean {
  const passed = new Set<string>();
  return (binding, token) => {
    if (!token) return false;
    const key = `${binding ?? ''}|${token}`;
    if (passed.has(key)) return true;
    if (!verifyXsrfToken(secret, binding, token)) return false;
    if (passed.size >= MAX_VERIFIED) passed.clear();
    passed.add(key);
    return true;
  };
}
