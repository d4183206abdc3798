import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@contracts/error-codes.js';
import { GOOGLE_LINK_PAGE, sameSitePath, type GoogleLinkInfo, type GoogleSignInError } from '@contracts/google-sign-in.js';
import { USER_ID_PATTERN } from '@contracts/user.js';
import { createOidcClient, freshChecks, OidcFailure, type OidcClient, type OidcIdentity } from '../auth/google-oidc.js';
import type { AppConfig } from '../config.js';
import { transaction, type Db } from '../db/index.js';
import { AppError, tooManyRequests } from '../http/app-error.js';
import { randomToken, sha256 } from '../http/security.js';
import { deleteFlow, deletePendingLink, findFlow, findPendingLink, insertFlow, insertPendingLink } from '../repositories/oidc-flows.repository.js';
import { findIdentity, insertIdentity } from '../repositories/user-identities.repository.js';
import { findUserByEmail, findUserById, insertUser, updateUser, userIdTaken, type UserRow } from '../repositories/users.repository.js';
import { accountDisabled, GOOGLE_ONLY_PASSWORD, hasPassword } from './auth.service.js';
import { normalizeEmail } from './email-identity.js';
import { beginLoginAttempt, finishLoginAttempt } from './login-throttle.js';
import { verifyPassword } from './password.js';
import { grantTrial } from './quota.service.js';

/** How long a sign-in may stay at Google, and how long a pending link waits for the password. */
export const FLOW_TTL_MS = 10 * 60 * 1000;
export const LINK_TTL_MS = 10 * 60 * 1000;
/** Google sends the browser back here; with PUBLIC_URL in front it is the redirect URI to register at Google. */
export const GOOGLE_CALLBACK_PATH = '/api/v1/auth/google/callback';

/** What the callback did: signed someone in, parked the identity for a password, or refused. */
export type CallbackOutcome =
  | { kind: 'signed-in'; user: UserRow; returnTo: string; created: boolean }
  | { kind: 'link'; token: string }
  | { kind: 'error'; error: GoogleSignInError; cause?: unknown };

export interface GoogleSignInDeps {
  db: Db;
  oidc: OidcClient;
  config: Pick<AppConfig, 'loginThrottle'>;
  now?: () => number;
}

/** The service when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set, else null (no Google button). */
export function googleSignInFromConfig(db: Db, config: Pick<AppConfig, 'google' | 'env' | 'loginThrottle'>, now: () => number): GoogleSignInService | null {
  return config.google ? createGoogleSignInService({ db, oidc: createOidcClient(config.google, config.env), config, now }) : null;
}

/**
 * Google sign-in: authorization code with PKCE, state and nonce (checked by openid-client), kept
 * server-side as a single-use flow bound to the browser. An identity signs in to the account it is
 * linked to; a new verified address gets a new account (free trial once per mailbox, as for
 * registration); an address that already has an account is linked only after its password.
 */
export function createGoogleSignInService({ db, oidc, config, now = Date.now }: GoogleSignInDeps) {
  async function createAccount(identity: OidcIdentity & { email: string }): Promise<UserRow> {
    const t = now();
    const row: UserRow = {
      id: randomUUID(),
      user_id: await freeUserId(db, identity.email),
      user_id_lower: '',
      email: identity.email,
      email_lower: identity.email.toLowerCase(),
      email_normalized: normalizeEmail(identity.email),
      // Google vouched for the address: no mailed link, the trial comes now.
      email_verified_at: t,
      disabled_at: null,
      name: (identity.name ?? '').trim().slice(0, 64),
      phone: '',
      gender: null,
      birthday: '',
      password_hash: GOOGLE_ONLY_PASSWORD,
      mgr: 0,
      google: 1,
      created_at: t,
      updated_at: t,
    };
    row.user_id_lower = row.user_id.toLowerCase();
    // Two callbacks racing for one address: the unique e-mail index lets one account through.
    await transaction(db, async (tx) => {
      await insertUser(tx, row);
      if (!(await insertIdentity(tx, { provider: 'google', subject: identity.sub, user_id: row.id, email: identity.email, created_at: t }))) {
        throw new Error('Google identity linked meanwhile');
      }
      await grantTrial(tx, row.id, t);
    });
    return row;
  }

  async function signInOrPark(identity: OidcIdentity, returnTo: string): Promise<CallbackOutcome> {
    const email = identity.email;
    if (!email || !identity.emailVerified) return { kind: 'error', error: 'unverified' };
    const linked = await findIdentity(db, 'google', identity.sub);
    if (linked) {
      const user = await findUserById(db, linked.user_id);
      if (user?.disabled_at != null) return { kind: 'error', error: 'disabled' };
      if (user) return { kind: 'signed-in', user, returnTo, created: false };
    }
    const existing = await findUserByEmail(db, email);
    if (existing) {
      // Staff disabled the account: no sign-in and nothing to link to it.
      if (existing.disabled_at !== null) return { kind: 'error', error: 'disabled' };
      // An account of another Google subject has no password to prove: nothing can link to it.
      if (!hasPassword(existing)) return { kind: 'error', error: 'conflict' };
      const token = randomToken(32);
      const t = now();
      await insertPendingLink(db, { token_hash: sha256(token), user_id: existing.id, provider: 'google', subject: identity.sub, email, return_to: returnTo, created_at: t, expires_at: t + LINK_TTL_MS });
      return { kind: 'link', token };
    }
    try {
      return { kind: 'signed-in', user: await createAccount({ ...identity, email }), returnTo, created: true };
    } catch (cause) {
      return { kind: 'error', error: 'failed', cause };
    }
  }

  return {
    /** Starts a sign-in: the provider's URL to send the browser to, and the cookie value that binds the flow to it. */
    async start(redirect: string | undefined, baseUrl: string): Promise<{ url: string; binding: string }> {
      const checks = await freshChecks();
      const redirectUri = `${baseUrl.replace(/\/$/, '')}${GOOGLE_CALLBACK_PATH}`;
      const url = await oidc.authorizationUrl({ redirectUri, state: checks.state, nonce: checks.nonce, codeChallenge: checks.codeChallenge });
      const binding = randomToken(32);
      const t = now();
      await insertFlow(db, {
        state_hash: sha256(checks.state),
        binding_hash: sha256(binding),
        provider: 'google',
        nonce: checks.nonce,
        code_verifier: checks.codeVerifier,
        redirect_uri: redirectUri,
        return_to: returnPath(redirect),
        created_at: t,
        expires_at: t + FLOW_TTL_MS,
      });
      return { url: url.toString(), binding };
    },

    /** Handles the provider's answer (`query` as received) for the browser holding `binding`. */
    async callback(query: URLSearchParams, binding: string | undefined): Promise<CallbackOutcome> {
      const state = query.get('state');
      if (!state || !binding || state.length > 512) return { kind: 'error', error: 'state' };
      const stateHash = sha256(state);
      const flow = await findFlow(db, stateHash);
      // Unknown or used state, another browser's flow, or too late: nothing is spent.
      if (!flow || !sameHash(flow.binding_hash, sha256(binding)) || flow.expires_at <= now()) return { kind: 'error', error: 'state' };
      if (!(await deleteFlow(db, stateHash))) return { kind: 'error', error: 'state' };
      if (query.has('error')) return { kind: 'error', error: 'denied' };
      const callbackUrl = new URL(flow.redirect_uri);
      callbackUrl.search = query.toString();
      let identity: OidcIdentity;
      try {
        identity = await oidc.exchange(callbackUrl, { state, nonce: flow.nonce, codeVerifier: flow.code_verifier });
      } catch (cause) {
        return { kind: 'error', error: cause instanceof OidcFailure ? cause.reason : 'failed', cause };
      }
      return signInOrPark(identity, flow.return_to);
    },

    /** The pending link of the browser holding `token`, or null. */
    async pendingLink(token: string | undefined): Promise<GoogleLinkInfo | null> {
      const row = token ? await findPendingLink(db, sha256(token), now()) : undefined;
      return row ? { email: row.email } : null;
    },

    /**
     * Links the pending identity to its account once the account's password is proven (throttled
     * like a login), and returns the account to sign in. Afterwards Google signs in directly.
     */
    async link(token: string | undefined, password: string, ip: string): Promise<{ user: UserRow; returnTo: string }> {
      const hash = token ? sha256(token) : '';
      const pending = token ? await findPendingLink(db, hash, now()) : undefined;
      const user = pending ? await findUserById(db, pending.user_id) : undefined;
      if (!pending || !user || !hasPassword(user)) throw new AppError(ErrorCode.NOT_FOUND, 'No Google sign-in is waiting to be linked (expired or used)');
      const attempt = await beginLoginAttempt(db, config.loginThrottle, { identifier: `user:${user.id}`, ip, userId: user.id, logId: null }, now());
      if (attempt.retryAfter > 0) throw tooManyRequests(attempt.retryAfter);
      const ok = await verifyPassword(user.password_hash, password);
      await finishLoginAttempt(db, attempt.id, ok);
      if (!ok) throw new AppError(ErrorCode.BAD_CREDENTIALS, 'Wrong password for the account to link');
      if (user.disabled_at !== null) throw accountDisabled();
      const t = now();
      const verifiedNow = user.email_verified_at === null && user.email_lower === pending.email.toLowerCase();
      await transaction(db, async (tx) => {
        if (!(await deletePendingLink(tx, hash))) throw new AppError(ErrorCode.NOT_FOUND, 'This Google sign-in was linked meanwhile');
        if (!(await insertIdentity(tx, { provider: 'google', subject: pending.subject, user_id: user.id, email: pending.email, created_at: t }))) {
          const other = await findIdentity(tx, 'google', pending.subject);
          if (other?.user_id !== user.id) throw new AppError(ErrorCode.USER_TAKEN, 'This Google account is linked to another account');
        }
        // Google vouched for the address and the password proved the account: as good as the mailed link.
        if (verifiedNow) {
          await updateUser(tx, user.id, { email_verified_at: t, updated_at: t });
          await grantTrial(tx, user.id, t);
        }
      });
      return { user: verifiedNow ? { ...user, email_verified_at: t, updated_at: t } : user, returnTo: pending.return_to };
    },
  };
}

export type GoogleSignInService = ReturnType<typeof createGoogleSignInService>;

/** Where to land after signing in: a same-site path, never back on the sign-in pages. */
function returnPath(raw: string | undefined): string {
  const path = sameSitePath(raw);
  const page = (path.split(/[?#]/)[0] ?? '').toLowerCase().replace(/\/+$/, '');
  return ['/login', '/register', GOOGLE_LINK_PAGE].includes(page) ? '/' : path;
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** A free user id made from the address's local part (ids are 3-32 letters, digits, `_.-`), with digits added when taken. */
async function freeUserId(db: Db, email: string): Promise<string> {
  let base = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9_.-]/g, '').replace(/^[^A-Za-z0-9]+/, '').slice(0, 24);
  if (base.length < 3) base = `user${base}`;
  for (let attempt = 0; attempt < 8; attempt++) {
    const candidate = attempt === 0 ? base : `${base}${randomInt(1000, 100_000)}`;
    if (USER_ID_PATTERN.test(candidate) && !(await userIdTaken(db, candidate))) return candidate;
  }
  return `user${randomUUID().replaceAll('-', '').slice(0, 20)}`;
}
