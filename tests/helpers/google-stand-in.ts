import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type OidcContext } from 'oidc-provider';
import { absorbSetCookies, cookieHeaderOf } from './cookie-jar.js';

/** A person at the stand-in: what its ID token and UserInfo say. */
export interface StandInAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
}

export interface GoogleStandIn {
  /** The issuer identifier (GOOGLE_ISSUER): http://127.0.0.1:port. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds (or replaces) an account; an e-mail nobody added signs in as a new verified account. */
  addAccount(account: Partial<StandInAccount> & { email: string }): StandInAccount;
  /**
   * Plays the browser at the provider: opens `authUrl`, signs in as `email` on the login form and
   * follows redirects until one leaves the provider. Returns that URL (the app's callback).
   */
  signIn(authUrl: string, email: string): Promise<URL>;
  close(): Promise<void>;
}

export interface StandInOptions {
  /** The app's callback URL(s) to register for the client. */
  redirectUris: string[];
  /** Listen here (an e2e test reserves the port before the app starts); default any free port. */
  port?: number;
  /** Default random; an e2e test hands them to the server before the stand-in starts. */
  clientId?: string;
  clientSecret?: string;
}

const LOGIN_PAGE = (uid: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in - local Google stand-in</title></head>
<body><main><h1>Sign in with your Google account</h1>
<form method="post" action="/interaction/${uid}/login">
<label for="email">Email or phone</label> <input id="email" name="email" type="email" autocomplete="username" required>
<button type="submit">Next</button>
</form></main></body></html>`;

/**
 * A local OpenID provider (oidc-provider) standing in for Google in tests: discovery, authorization
 * with PKCE, signed ID tokens (RS256), token and UserInfo endpoints, and a one-field login form
 * (no consent step: first-party grant, like Google for an app the user already allowed).
 */
export async function startGoogleStandIn(options: StandInOptions): Promise<GoogleStandIn> {
  const accounts = new Map<string, StandInAccount>();
  const byEmail = new Map<string, StandInAccount>();
  const addAccount = (a: Partial<StandInAccount> & { email: string }): StandInAccount => {
    const account: StandInAccount = {
      sub: a.sub ?? `1${createHash('sha256').update(a.email.toLowerCase()).digest('hex').replace(/\D/g, '').slice(0, 20)}`,
      email: a.email,
      emailVerified: a.emailVerified ?? true,
      ...(a.name ? { name: a.name } : {}),
    };
    accounts.set(account.sub, account);
    byEmail.set(account.email.toLowerCase(), account);
    return account;
  };

  const server = createServer();
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, '127.0.0.1', () => ok());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = options.clientId ?? `stand-in-${randomBytes(4).toString('hex')}`;
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const jwk = { ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig', kid: 'stand-in' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        // openid-client's default client authentication.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts email and email_verified in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    // Short lives, stated (the defaults print a notice each).
    ttl: { AuthorizationCode: 60, IdToken: 600, AccessToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    pkce: { required: () => true },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: account.email, email_verified: account.emailVerified, ...(account.name ? { name: account.name } : {}) }),
      };
    },
    // No consent screen: every sign-in gets the scopes asked for.
    loadExistingGrant: async (ctx: OidcContext) => {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ accountId: session.accountId, clientId: client.clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(LOGIN_PAGE(details.uid));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const email = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('email')?.trim() ?? '';
    const account = byEmail.get(email.toLowerCase()) ?? addAccount({ email });
    await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(String(err));
      });
      return;
    }
    handle(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount,
    async signIn(authUrl, email) {
      const jar = new Map<string, string>();
      const request = async (url: URL, init: RequestInit = {}) => {
        const cookie = cookieHeaderOf(jar);
        const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } });
        absorbSetCookies(jar, res.headers);
        return res;
      };
      let url = new URL(authUrl);
      let res = await request(url);
      for (let hop = 0; hop < 10; hop++) {
        const location = res.headers.get('location');
        if (!location) throw new Error(`stand-in answered ${res.status} at ${url.pathname}: ${(await res.text()).slice(0, 300)}`);
        await res.body?.cancel();
        const next = new URL(location, url);
        if (next.origin !== issuer) return next;
        url = next;
        res = next.pathname.startsWith('/interaction/')
          ? await request(new URL(`${next.pathname}/login`, issuer), { method: 'POST', body: new URLSearchParams({ email }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
          : await request(next);
      }
      throw new Error('too many redirects at the stand-in');
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
