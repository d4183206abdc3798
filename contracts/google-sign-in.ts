import { z } from 'zod';
import { userInfoSchema } from './user.js';

/**
 * Google sign-in (OpenID Connect): what the login pages and the API share. The browser leaves for
 * GOOGLE_START_PATH, comes back through the API's callback, and lands on its `redirect`, on the
 * link page, or on `/login?error=<GoogleSignInError>`.
 */
export const GOOGLE_START_PATH = '/api/v1/auth/google/start';

/** The SPA page that asks for the existing account's password before linking Google to it. */
export const GOOGLE_LINK_PAGE = '/google-link';

/** Why a Google sign-in came back to /login; each has a text under `auth.google.errors.*`. */
export const googleSignInErrorSchema = z.enum([
  /** Google sign-in is not configured, or the provider could not be reached. */
  'unavailable',
  /** The state did not match a sign-in started in this browser, or it was used or expired. */
  'state',
  /** The user cancelled at Google (or Google refused the request). */
  'denied',
  /** The code or ID token was refused (replayed code, bad nonce, bad signature). */
  'failed',
  /** Google did not vouch for the address. */
  'unverified',
  /** The address belongs to an account that cannot be linked (it has no password to prove). */
  'conflict',
  /** Staff disabled the account this Google identity signs in to (or would link to). */
  'disabled',
]);
export type GoogleSignInError = z.infer<typeof googleSignInErrorSchema>;

/** GET /auth/providers: which outside sign-ins the login and register pages offer. */
export const authProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/** GET /auth/google/start?redirect=/path: where to land afterwards (same-site paths only, else /). */
export const googleStartQuerySchema = z.object({ redirect: z.string().max(1000).optional() });

/** GET /auth/google/link: the pending link of this browser. */
export const googleLinkInfoSchema = z.object({ email: z.string() });
export type GoogleLinkInfo = z.infer<typeof googleLinkInfoSchema>;

/** POST /auth/google/link: the existing account's password. */
export const googleLinkRequestSchema = z.object({
  password: z.string({ error: 'validation.passwordRequired' }).min(1, { error: 'validation.passwordRequired' }).max(128),
});
export type GoogleLinkRequest = z.infer<typeof googleLinkRequestSchema>;

/** The linked account, signed in, and where to go next. */
export const googleLinkAnswerSchema = userInfoSchema.extend({ redirect: z.string() });
export type GoogleLinkAnswer = z.infer<typeof googleLinkAnswerSchema>;

/**
 * A path on this site, or `fallback`: `/x` yes; `//evil.example`, `/\evil.example`,
 * `https://evil.example`, control characters no. Keeps the callback from being an open redirect.
 */
export function sameSitePath(raw: string | null | undefined, fallback = '/'): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return fallback;
  return raw;
}
