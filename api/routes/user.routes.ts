import { randomUUID } from 'node:crypto';
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import {
  accountCheckQuerySchema,
  loginRequestSchema,
  registerAnswerSchema,
  registerRequestSchema,
  updateUserRequestSchema,
  userInfoSchema,
} from '@contracts/user.js';
import { notLoggedIn } from '../http/app-error.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody, okResponse, type Router } from '../http/openapi.js';
import { publicBase } from '../http/public-url.js';
import { ok } from '../http/respond.js';
import { signInWith } from '../http/sign-in.js';
import { SESSION_COOKIE } from '../http/security.js';
import { clearSessionCookie, type CookieSecurity } from '../http/session-middleware.js';
import { issueXsrfCookie } from '../http/xsrf-middleware.js';
import { toUserInfo, type AuthService } from '../services/auth.service.js';
import type { EmailVerificationService } from '../services/email-verification.service.js';
import type { SessionService, SessionUser } from '../services/session.service.js';
import { requestLang } from '../http/request-lang.js';

export interface UserRouteDeps {
  auth: AuthService;
  sessions: SessionService;
  secret: string;
  cookies: CookieSecurity;
  sessionTtlMs: number;
  /** Set when SMTP is configured: new accounts verify their address before the trial. */
  verification?: EmailVerificationService | null;
  publicUrl?: string | undefined;
}

/** The signed-in user, or 40202 with a fresh login-log id. */
export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw notLoggedIn(randomUUID());
  return user;
}

const tags = ['Accounts'];

export function registerUserRoutes(app: Router, deps: UserRouteDeps): void {
  const { auth, sessions, secret, cookies, sessionTtlMs, verification = null, publicUrl } = deps;

  const signIn = signInWith({ sessions, secret, cookies, sessionTtlMs });

  app.openapi(
    createRoute({ method: 'post', path: '/user/register', tags, request: jsonBody(registerRequestSchema), responses: okResponse(registerAnswerSchema, 'The new account, signed in; with SMTP, `emailVerificationPending` (the trial comes with the mailed link)') }),
    async (c) => {
      const user = await auth.register(c.req.valid('json'));
      await signIn(c, user.id);
      if (!verification) return ok(c, toUserInfo(user));
      await verification.send(user, publicBase(c, publicUrl), requestLang(c));
      return ok(c, { ...toUserInfo(user), emailVerificationPending: true });
    },
  );

  app.openapi(
    createRoute({ method: 'post', path: '/user/login', tags, request: jsonBody(loginRequestSchema), responses: okResponse(userInfoSchema, 'The signed-in user') }),
    async (c) => {
      const user = await auth.login(c.req.valid('json'), c.get('ip'));
      await signIn(c, user.id);
      return ok(c, toUserInfo(user));
    },
  );

  app.openapi(
    createRoute({ method: 'get', path: '/user/logout', tags, responses: okResponse(z.null(), 'Signed out') }),
    async (c) => {
      const token = getCookie(c, SESSION_COOKIE);
      if (token) await sessions.destroy(token);
      clearSessionCookie(c, cookies);
      issueXsrfCookie(c, secret, cookies);
      return ok(c, null);
    },
  );

  app.openapi(
    createRoute({ method: 'get', path: '/userInfo', tags, responses: okResponse(userInfoSchema, 'The signed-in user, or code 40202 with {logId}') }),
    (c) => ok(c, toUserInfo(requireUser(c))),
  );

  app.openapi(
    createRoute({ method: 'post', path: '/user/update', tags, request: jsonBody(updateUserRequestSchema), responses: okResponse(userInfoSchema, 'The updated user') }),
    async (c) => {
      const updated = await auth.update(requireUser(c), c.req.valid('json'));
      return ok(c, toUserInfo(updated));
    },
  );

  app.openapi(
    createRoute({ method: 'get', path: '/account/check', tags, request: { query: accountCheckQuerySchema }, responses: okResponse(z.object({ available: z.boolean() }), 'Whether the user id is free') }),
    async (c) => ok(c, { available: await auth.available(c.req.valid('query').userId) }),
  );
}
