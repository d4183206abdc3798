import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { SessionService } from '../services/session.service.js';
import type { AppEnv } from './env.js';
import { SESSION_COOKIE } from './security.js';
import { setSessionCookie, type CookieSecurity } from './session-middleware.js';
import { issueXsrfCookie } from './xsrf-middleware.js';

export interface SignInDeps {
  sessions: SessionService;
  secret: string;
  cookies: CookieSecurity;
  sessionTtlMs: number;
}

/** Starts a fresh session for the account (renewed at every sign-in) and re-issues the XSRF token bound to it. */
export function signInWith({ sessions, secret, cookies, sessionTtlMs }: SignInDeps) {
  return async (c: Context<AppEnv>, userId: string): Promise<void> => {
    const old = getCookie(c, SESSION_COOKIE);
    if (old) await sessions.destroy(old);
    const token = await sessions.create(userId, { ip: c.get('ip'), userAgent: c.req.header('user-agent') ?? '' });
    setSessionCookie(c, token, sessionTtlMs, cookies);
    issueXsrfCookie(c, secret, cookies);
  };
}
