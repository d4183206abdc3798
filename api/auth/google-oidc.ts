import * as client from 'openid-client';
import { isLoopbackUrl, type AppConfig, type GoogleSettings } from '../config.js';

/** What the sign-in needs from an ID token (or, when the token leaves them out, from UserInfo). */
export interface OidcIdentity {
  /** The provider's stable user id. */
  sub: string;
  email: string | undefined;
  /** Only `email_verified: true` counts. */
  emailVerified: boolean;
  name: string | undefined;
}

/** Why talking to the provider failed, as the callback reports it (see GoogleSignInError). */
export class OidcFailure extends Error {
  constructor(
    readonly reason: 'unavailable' | 'denied' | 'failed',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OidcFailure';
  }
}

export interface AuthorizationParams {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
}

export interface CallbackChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The OpenID Connect relying party for one provider (Google). */
export interface OidcClient {
  authorizationUrl(params: AuthorizationParams): Promise<URL>;
  /** Checks the authorization response (state, iss), redeems the code with PKCE and checks the ID token (signature, aud, nonce). */
  exchange(callbackUrl: URL, checks: CallbackChecks): Promise<OidcIdentity>;
}

const SCOPE = 'openid email profile';

/**
 * openid-client (v6) against GOOGLE_ISSUER. Discovery happens at first use and is retried after a
 * failure. Plain-http requests are allowed only for an issuer on a loopback address outside
 * production (the local provider of the tests); api/config.ts refuses any other http issuer.
 */
export function createOidcClient(settings: GoogleSettings, env: AppConfig['env']): OidcClient {
  const insecure = settings.issuer.startsWith('http:') && isLoopbackUrl(settings.issuer) && env !== 'production';
  let discovered: Promise<client.Configuration> | null = null;

  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, insecure ? { execute: [client.allowInsecureRequests] } : undefined)
      .catch((err: unknown) => {
        discovered = null;
        throw new OidcFailure('unavailable', `OpenID discovery of ${settings.issuer} failed`, { cause: err });
      });
    return discovered;
  }

  return {
    async authorizationUrl({ redirectUri, state, nonce, codeChallenge }) {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: SCOPE,
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
    },

    async exchange(callbackUrl, { state, nonce, codeVerifier }) {
      const config = await configuration();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, { expectedState: state, expectedNonce: nonce, pkceCodeVerifier: codeVerifier, idTokenExpected: true });
      } catch (err) {
        if (err instanceof client.AuthorizationResponseError) throw new OidcFailure('denied', `The provider refused: ${err.error}`, { cause: err });
        throw new OidcFailure('failed', 'The authorization code or ID token was refused', { cause: err });
      }
      const claims = tokens.claims();
      if (!claims) throw new OidcFailure('failed', 'No ID token');
      let source: Record<string, unknown> = claims;
      // Google puts email and email_verified in the ID token; providers that follow the spec's
      // default (claims of scopes only at UserInfo when an access token is issued) need one more call.
      if (typeof claims.email !== 'string') {
        try {
          source = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        } catch (err) {
          throw new OidcFailure('failed', 'UserInfo was refused', { cause: err });
        }
      }
      return {
        sub: claims.sub,
        email: typeof source.email === 'string' ? source.email : undefined,
        emailVerified: source.email_verified === true,
        name: typeof source.name === 'string' ? source.name : undefined,
      };
    },
  };
}

/** Fresh single-use values for one authorization request: state, nonce and a PKCE pair (S256). */
export async function freshChecks(): Promise<CallbackChecks & { codeChallenge: string }> {
  const codeVerifier = client.randomPKCECodeVerifier();
  return { state: client.randomState(), nonce: client.randomNonce(), codeVerifier, codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier) };
}
