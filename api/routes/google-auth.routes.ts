import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { ErrorCode } from '@contracts/error-codes.js';
import {
  authProvidersSchema,
  GOOGLE_LINK_PAGE,
  googleLinkAnswerSchema,
  googleLinkInfoSchema,
  googleLinkRequestSchema,
  googleSignInErrorSchema,
  googleStartQuerySchema,
  type GoogleSignInError,
} from '@contracts/google-sign-in.js';
import { AppError } from '../http/app-error.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody, okResponse, type Router } from '../http/openapi.js';
import { publicBase } from '../http/public-url.js';
import { ok } from '../http/respond.js';
import { clearResponseCookie, setResponseCookie } from '../http/node-http.js';
import { signInWith } from '../http/sign-in.js';
import type { CookieSecurity } from '../http/session-middleware.js';
import { toUserInfo } from '../services/auth.service.js';
import { OidcFailure } from '../auth/google-oidc.js';
import { FLOW_TTL_MS, LINK_TTL_MS, type GoogleSignInService } from '../services/google-sign-in.service.js';
import type { SessionService } from '../services/session.service.js';

export interface GoogleAuthRouteDeps {
  /** Null when GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET are not set. */
  google: GoogleSignInService | null;
  sessions: SessionService;
  secret: string;
  cookies: CookieSecurity;
  sessionTtlMs: number;
  publicUrl: string | undefined;
}

/** Binds a started sign-in to this browser; sent only to the Google routes. */
const FLOW_COOKIE = 'gsi_flow';
/** Holds the pending link until the password is given. */
const LINK_COOKIE = 'gsi_link';
const COOKIE_PATH = '/api/v1/auth/google';
const tags = ['Accounts'];

/**
 * Google sign-in: GET /auth/providers (is it on), GET /auth/google/start (302 to Google), GET
 * /auth/google/callback (302 to the app: the `redirect`, the link page, or /login?error=…), and the
 * link page's GET and POST /auth/google/link.
 */
export function registerGoogleAuthRoutes(app: Router, deps: GoogleAuthRouteDeps): void {
  const { google, sessions, secret, cookies, sessionTtlMs, publicUrl } = deps;
  const toApp = (c: Context<AppEnv>, path: string) => c.redirect(publicUrl ? new URL(path, publicUrl).toString() : path, 302);
  const toLogin = (c: Context<AppEnv>, error: GoogleSignInError) => toApp(c, `/login?error=${error}`);
  const setFlowCookie = (c: Context<AppEnv>, name: string, value: string, ttlMs: number) =>
    setResponseCookie(c, name, value, { httpOnly: true, sameSite: 'Lax', secure: cookies.secure(c), path: COOKIE_PATH, maxAge: Math.floor(ttlMs / 1000) });
  const clearFlowCookie = (c: Context<AppEnv>, name: string) => clearResponseCookie(c, name, { path: COOKIE_PATH, httpOnly: true, sameSite: 'Lax', secure: cookies.secure(c) });

  const signIn = signInWith({ sessions, secret, cookies, sessionTtlMs });

  app.openapi(
    createRoute({ method: 'get', path: '/auth/providers', tags, responses: okResponse(authProvidersSchema, 'Which outside sign-ins the login and register pages offer') }),
    (c) => ok(c, { google: google !== null }),
  );

  // Plain GETs: the browser navigates to them (a link, then the provider's redirect), so they answer with redirects.
  app.get('/auth/google/start', async (c) => {
    if (!google) return toLogin(c, 'unavailable');
    const query = googleStartQuerySchema.safeParse(c.req.query());
    try {
      const { url, binding } = await google.start(query.success ? query.data.redirect : undefined, publicBase(c, publicUrl));
      setFlowCookie(c, FLOW_COOKIE, binding, FLOW_TTL_MS);
      return c.redirect(url, 302);
    } catch (err) {
      if (!(err instanceof OidcFailure)) throw err;
      c.get('log').warn({ err }, 'Google sign-in unavailable');
      return toLogin(c, 'unavailable');
    }
  });

  app.get('/auth/google/callback', async (c) => {
    if (!google) return toLogin(c, 'unavailable');
    const binding = getCookie(c, FLOW_COOKIE);
    clearFlowCookie(c, FLOW_COOKIE);
    const outcome = await google.callback(new URL(c.req.url).searchParams, binding);
    switch (outcome.kind) {
      case 'signed-in':
        await signIn(c, outcome.user.id);
        return toApp(c, outcome.returnTo);
      case 'link':
        setFlowCookie(c, LINK_COOKIE, outcome.token, LINK_TTL_MS);
        return toApp(c, GOOGLE_LINK_PAGE);
      case 'error':
        c.get('log')[outcome.error === 'unavailable' ? 'warn' : 'info']({ err: outcome.cause, reason: outcome.error }, 'Google sign-in refused');
        return toLogin(c, outcome.error);
    }
  });

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/auth/google/start',
    tags,
    description: 'Starts Google sign-in (authorization code with PKCE, state and nonce) and redirects to Google. Without Google configured: /login?error=unavailable.',
    request: { query: googleStartQuerySchema },
    responses: { 302: { description: 'Redirect to Google, or to /login?error=unavailable' } },
  });
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/auth/google/callback',
    tags,
    description: 'Where Google returns the browser: signs in (creating the account on first sign-in), or parks the identity for linking.',
    request: { query: z.object({ state: z.string().optional(), code: z.string().optional(), error: z.string().optional() }) },
    responses: {
      302: { description: `Redirect to the start's \`redirect\`, to ${GOOGLE_LINK_PAGE} (an account with this e-mail exists), or to /login?error=${googleSignInErrorSchema.options.join('|')}` },
    },
  });

  app.openapi(
    createRoute({ method: 'get', path: '/auth/google/link', tags, responses: okResponse(googleLinkInfoSchema, 'The Google sign-in waiting for the password of the account with its e-mail; 40404 when none') }),
    async (c) => {
      const info = google ? await google.pendingLink(getCookie(c, LINK_COOKIE)) : null;
      if (!info) throw new AppError(ErrorCode.NOT_FOUND, 'No Google sign-in is waiting to be linked');
      return ok(c, info);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/google/link',
      tags,
      request: jsonBody(googleLinkRequestSchema),
      responses: okResponse(googleLinkAnswerSchema, 'Linked and signed in; 40101 wrong password (not linked), 40404 nothing pending, 42901 throttled'),
    }),
    async (c) => {
      if (!google) throw new AppError(ErrorCode.NOT_FOUND, 'Google sign-in is not enabled');
      const { user, returnTo } = await google.link(getCookie(c, LINK_COOKIE), c.req.valid('json').password, c.get('ip'));
      clearFlowCookie(c, LINK_COOKIE);
      await signIn(c, user.id);
      return ok(c, { ...toUserInfo(user), redirect: returnTo });
    },
  );
}
