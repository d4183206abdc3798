import type { Context, MiddlewareHandler } from 'hono';
import type { SessionService } from '../services/session.service.js';
import type { AppEnv } from './env.js';
import { clearResponseCookie, requestCookie, setResponseCookie } from './node-http.js';
import { SESSION_COOKIE, sha256 } from './security.js';

/** Resolves the session cookie to a user for every request. */
export function sessionMiddleware(sessions: SessionService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = requestCookie(c, SESSION_COOKIE);
    const user = token ? await sessions.resolve(token) : null;
    // A stale cookie (logged out, expired) counts as no session, so XSRF tokens bind to 'anon'.
    c.set('sessionBinding', user ? user.sessionHash : null);
    c.set('user', user);
    await next();
  };
}

export interface CookieSecurity {
  /** Mark cookies Secure: behind https (PUBLIC_URL https, or a trusted X-Forwarded-Proto). */
  secure(c: Context): boolean;
}

export function setSessionCookie(c: Context<AppEnv>, token: string, maxAgeMs: number, sec: CookieSecurity): void {
  setResponseCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: sec.secure(c),
    path: '/',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
  c.set('sessionBinding', sha256(token));
}

export function clearSessionCookie(c: Context<AppEnv>, sec: CookieSecurity): void {
  // Same attributes as when set: some clients only drop a cookie on an exact match.
  clearResponseCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax', secure: sec.secure(c) });
  c.set('sessionBinding', null);
}
