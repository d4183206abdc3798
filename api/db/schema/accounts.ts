import type { Generated } from 'kysely';

/** Accounts: users, sessions, sign-in events, outside identities (Google) and e-mail verification. */

export interface UsersTable {
  id: string;
  user_id: string;
  /** Lower-cased user id: uniqueness and login are case-insensitive. */
  user_id_lower: string;
  email: string;
  email_lower: string;
  name: string;
  phone: string;
  gender: 'male' | 'female' | null;
  birthday: string;
  /** argon2id PHC string; for accounts made by Google sign-in an unusable marker (GOOGLE_ONLY_PASSWORD in api/services/auth.service.ts). */
  password_hash: string;
  mgr: number;
  /** 1 for accounts made by Google sign-in: they have no password of their own (linked accounts keep 0 and their password). */
  google: number;
  created_at: number;
  updated_at: number;
  /** The mailbox the address reaches (see api/services/email-identity.ts): the free trial is once per value. Not unique. */
  email_normalized: string | null;
  /** When the address was verified through the mailed link (only asked for when SMTP is configured). */
  email_verified_at: number | null;
  /** When staff disabled the account (null: enabled): it cannot sign in, and its sessions were ended. */
  disabled_at: number | null;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a leaked table does not leak live sessions. */
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  ip: string;
  user_agent: string;
}

export interface LoginEventsTable {
  id: Generated<number>;
  /** Lower-cased identifier that was tried (user id or e-mail). */
  identifier: string;
  user_id: string | null;
  log_id: string | null;
  ip: string;
  /**
   * 0 failed, 1 succeeded, 2 checking (recorded before the password is checked and counted as a
   * failure until resolved, so parallel guesses see each other), 3 refused by the throttle (no check made; not counted).
   */
  success: 0 | 1 | 2 | 3;
  created_at: number;
}

/** A mailed e-mail verification link; only its SHA-256 is stored. */
export interface EmailVerificationsTable {
  token_hash: string;
  user_id: string;
  /** The address the link was sent to: a later change of address makes the link void. */
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Which account an outside identity (Google) signs in to; one row per (provider, subject). */
export interface UserIdentitiesTable {
  provider: 'google';
  /** The provider's stable user id (`sub`), never the e-mail. */
  subject: string;
  user_id: string;
  /** The provider's verified address when the identity was linked (informational). */
  email: string;
  created_at: number;
}

/** An OpenID sign-in on its way to the provider and back; deleted when used or expired. */
export interface OidcFlowsTable {
  /** SHA-256 of the `state` sent to the provider. */
  state_hash: string;
  /** SHA-256 of the cookie that binds the flow to the browser that started it. */
  binding_hash: string;
  provider: 'google';
  nonce: string;
  /** PKCE code verifier (only its S256 challenge went to the provider). */
  code_verifier: string;
  /** The exact redirect_uri of the authorization request, repeated at the token request. */
  redirect_uri: string;
  /** Same-site path the browser goes to after signing in. */
  return_to: string;
  created_at: number;
  expires_at: number;
}

/** An outside identity waiting for the password of the existing account with its e-mail. */
export interface OidcPendingLinksTable {
  /** SHA-256 of the cookie held by the browser that came back from the provider. */
  token_hash: string;
  /** The existing account whose password must be proven. */
  user_id: string;
  provider: 'google';
  subject: string;
  email: string;
  return_to: string;
  created_at: number;
  expires_at: number;
}
