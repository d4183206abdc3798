import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthProviders, GoogleLinkAnswer, GoogleLinkInfo } from '@contracts/google-sign-in.js';
import type { Limit } from '@contracts/quota.js';
import type { UserInfo } from '@contracts/user.js';
import { startGoogleStandIn, type GoogleStandIn } from '../helpers/google-stand-in.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

/** PUBLIC_URL of the app under test: the redirect URI registered at the stand-in is under it. */
const APP = 'http://docuflow.test';
const CALLBACK = `${APP}/api/v1/auth/google/callback`;
const PASSWORD = 'Linked-Passw0rd';
const TRIAL = 20;
let seq = 0;
const uid = (prefix: string) => `${prefix}${++seq}${Math.random().toString(36).slice(2, 7)}`;

describe.each(testDialects())('Google sign-in on %s', (dialect) => {
  let t: TestApp;
  let google: GoogleStandIn;

  beforeAll(async () => {
    google = await startGoogleStandIn({ redirectUris: [CALLBACK] });
    t = await createTestApp(dialect, { publicUrl: APP, google: { clientId: google.clientId, clientSecret: google.clientSecret, issuer: google.issuer } });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  /** GET /auth/google/start: the provider URL it redirects to. */
  async function start(c: TestClient, redirect = '/pricing'): Promise<URL> {
    const res = await c.get(`/api/v1/auth/google/start?redirect=${encodeURIComponent(redirect)}`);
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location') ?? '');
  }

  /** Where the app's callback sends the browser. */
  async function callback(c: TestClient, url: URL): Promise<URL> {
    const res = await c.get(url.pathname + url.search);
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location') ?? '', APP);
  }

  /** The whole round trip as a browser makes it: start, sign in at the provider, back to the callback. */
  async function signInWithGoogle(c: TestClient, email: string, redirect = '/pricing'): Promise<URL> {
    const back = await google.signIn((await start(c, redirect)).toString(), email);
    return callback(c, back);
  }

  const userInfo = (c: TestClient) => c.get<UserInfo>('/api/v1/userInfo');
  const conversionsLeft = async (c: TestClient) => (await c.get<Limit>('/api/v1/config/limit')).data.availCount;
  const trialGrants = async (userId: string) => {
    const rows = await t.handle.db
      .selectFrom('bundle_grants')
      .innerJoin('users', 'users.id', 'bundle_grants.user_id')
      .select('bundle_grants.id')
      .where('users.user_id', '=', userId)
      .where('bundle_grants.source', '=', 'trial')
      .execute();
    return rows.length;
  };
  const identities = async (email: string) =>
    (await t.handle.db.selectFrom('user_identities').select('user_id').where('email', '=', email).execute()).length;

  it('says Google is on, and start sends to the provider with PKCE (S256), state, nonce and a browser-bound cookie', async () => {
    const c = t.client();
    expect((await c.get<AuthProviders>('/api/v1/auth/providers')).data).toEqual({ google: true });
    const res = await c.get('/api/v1/auth/google/start?redirect=/pricing');
    const auth = new URL(res.headers.get('location') ?? '');
    expect(auth.origin).toBe(google.issuer);
    const q = auth.searchParams;
    expect(q.get('client_id')).toBe(google.clientId);
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')?.length).toBeGreaterThanOrEqual(32);
    expect(q.get('nonce')?.length).toBeGreaterThanOrEqual(32);
    const flowCookie = res.headers.getSetCookie().find((l) => l.startsWith('gsi_flow='));
    expect(flowCookie).toMatch(/HttpOnly/i);
    expect(flowCookie).toMatch(/SameSite=Lax/i);
    expect(flowCookie).toMatch(/Path=\/api\/v1\/auth\/google/);
  });

  it('creates the account on first sign-in, signed in, google: true, with the trial once', async () => {
    const email = `${uid('new')}@example.com`;
    const c = t.client();
    const landed = await signInWithGoogle(c, email);
    expect(landed.toString()).toBe(`${APP}/pricing`);
    expect(c.cookies.get('sid')).toBeTruthy();
    const me = await userInfo(c);
    expect(me.code).toBe(200);
    expect(me.data).toMatchObject({ email, google: true, mgr: false });
    expect(me.data.userId).toMatch(/^new\d+/);
    expect(await conversionsLeft(c)).toBe(TRIAL);

    // Next time (another browser): straight in, the same account, no second trial.
    const again = t.client();
    expect((await signInWithGoogle(again, email, '/')).toString()).toBe(`${APP}/`);
    expect((await userInfo(again)).data.userId).toBe(me.data.userId);
    expect(await trialGrants(me.data.userId)).toBe(1);
    expect(await identities(email)).toBe(1);

    // No password of its own: password login and a password change both fail.
    const pw = t.client();
    expect((await pw.post('/api/v1/user/login', { userId: email, password: 'Any-Passw0rd1' })).code).toBe(40101);
    expect((await c.post('/api/v1/user/update', { oldPwd: 'Any-Passw0rd1', pwd: 'New-Passw0rd1' })).code).toBe(40301);
  });

  it('gives no second trial to a mailbox that already had one (a.b@gmail.com after ab@gmail.com)', async () => {
    const [x, y] = [uid('p'), uid('q')];
    const first = t.client();
    expect((await first.post('/api/v1/user/register', { userId: uid('reg'), password: PASSWORD, email: `${x}${y}@gmail.com`, agree: true })).code).toBe(200);
    expect(await conversionsLeft(first)).toBe(TRIAL);
    const c = t.client();
    expect((await signInWithGoogle(c, `${x}.${y}@gmail.com`)).pathname).toBe('/pricing');
    expect((await userInfo(c)).data.google).toBe(true);
    expect(await conversionsLeft(c)).toBe(0);
  });

  it('refuses a callback whose state was changed, and the genuine one still works', async () => {
    const email = `${uid('state')}@example.com`;
    const c = t.client();
    const back = await google.signIn((await start(c)).toString(), email);
    const forged = new URL(back);
    forged.searchParams.set('state', 'x'.repeat(43));
    const flowCookie = c.cookies.get('gsi_flow') ?? '';
    expect((await callback(c, forged)).toString()).toBe(`${APP}/login?error=state`);
    expect((await userInfo(c)).code).toBe(40202);
    // The refused callback spent nothing: with the browser's cookie, the real answer signs in.
    c.cookies.set('gsi_flow', flowCookie);
    expect((await callback(c, back)).pathname).toBe('/pricing');
    expect((await userInfo(c)).data.email).toBe(email);
  });

  it('refuses a replayed code, and a callback opened in another browser (login CSRF)', async () => {
    const email = `${uid('replay')}@example.com`;
    const victim = t.client();
    const back = await google.signIn((await start(victim)).toString(), email);
    // Another browser (sent there by a link), even one with a sign-in of its own under way, cannot
    // finish this sign-in: the flow is bound to the cookie of the browser that started it.
    const other = t.client();
    await start(other);
    expect(other.cookies.get('gsi_flow')).toBeTruthy();
    expect((await callback(other, back)).toString()).toBe(`${APP}/login?error=state`);
    expect(other.cookies.get('sid')).toBeUndefined();

    const flowCookie = victim.cookies.get('gsi_flow') ?? '';
    expect((await callback(victim, back)).pathname).toBe('/pricing');
    const signedIn = victim.cookies.get('sid');
    // The same code again, even with the flow cookie put back: refused, no new session.
    victim.cookies.set('gsi_flow', flowCookie);
    expect((await callback(victim, back)).toString()).toBe(`${APP}/login?error=state`);
    expect(victim.cookies.get('sid')).toBe(signedIn);
  });

  it('refuses an ID token with another nonce, and a code redeemed without the PKCE verifier it was issued for', async () => {
    const email = `${uid('checks')}@example.com`;
    // The stand-in puts the request's nonce in the ID token and checks the verifier against the
    // challenge; changing what the app kept for the flow shows that the app checks and sends them.
    for (const column of ['nonce', 'code_verifier'] as const) {
      const c = t.client();
      const auth = await start(c);
      const stateHash = createHash('sha256').update(auth.searchParams.get('state') ?? '').digest('hex');
      const tampered = await t.handle.db.updateTable('oidc_flows').set({ [column]: 'A'.repeat(43) }).where('state_hash', '=', stateHash).executeTakeFirst();
      expect(Number(tampered.numUpdatedRows)).toBe(1);
      const back = await google.signIn(auth.toString(), email);
      expect((await callback(c, back)).toString()).toBe(`${APP}/login?error=failed`);
      expect(c.cookies.get('sid')).toBeUndefined();
    }
    expect(await t.handle.db.selectFrom('users').select('id').where('email_lower', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('refuses an address Google did not verify, and creates nothing', async () => {
    const email = `${uid('unverified')}@example.com`;
    google.addAccount({ email, emailVerified: false });
    const c = t.client();
    expect((await signInWithGoogle(c, email)).toString()).toBe(`${APP}/login?error=unverified`);
    expect((await userInfo(c)).code).toBe(40202);
    expect(await t.handle.db.selectFrom('users').select('id').where('email_lower', '=', email.toLowerCase()).executeTakeFirst()).toBeUndefined();
  });

  it('reports a sign-in cancelled at Google', async () => {
    const c = t.client();
    const state = (await start(c)).searchParams.get('state') ?? '';
    const landed = await callback(c, new URL(`${CALLBACK}?error=access_denied&state=${state}&iss=${encodeURIComponent(google.issuer)}`));
    expect(landed.toString()).toBe(`${APP}/login?error=denied`);
  });

  it('links an existing account with the same verified e-mail only after its password', async () => {
    const email = `${uid('link')}@example.com`;
    const userId = uid('owner');
    const owner = t.client();
    expect((await owner.post('/api/v1/user/register', { userId, password: PASSWORD, email, agree: true })).code).toBe(200);

    const c = t.client();
    expect((await signInWithGoogle(c, email.toUpperCase())).toString()).toBe(`${APP}/google-link`);
    expect((await userInfo(c)).code).toBe(40202);
    expect((await c.get<GoogleLinkInfo>('/api/v1/auth/google/link')).data).toEqual({ email: email.toUpperCase() });
    // Another browser has no pending link.
    expect((await t.client().post('/api/v1/auth/google/link', { password: PASSWORD })).code).toBe(40404);

    const wrong = await c.post('/api/v1/auth/google/link', { password: 'Wrong-Passw0rd' });
    expect(wrong.code).toBe(40101);
    expect((await userInfo(c)).code).toBe(40202);
    expect(await identities(email.toUpperCase())).toBe(0);
    expect((await c.post('/api/v1/auth/google/link', { password: '' })).code).toBe(40001);

    const right = await c.post<GoogleLinkAnswer>('/api/v1/auth/google/link', { password: PASSWORD });
    expect(right.code).toBe(200);
    expect(right.data).toMatchObject({ userId, email, redirect: '/pricing', google: false });
    const me = await userInfo(c);
    expect(me.data.userId).toBe(userId);
    // Used up.
    expect((await c.post('/api/v1/auth/google/link', { password: PASSWORD })).code).toBe(40404);

    // From now on Google signs in to that account directly; the password still works too.
    const later = t.client();
    expect((await signInWithGoogle(later, email, '/')).toString()).toBe(`${APP}/`);
    expect((await userInfo(later)).data.userId).toBe(userId);
    expect((await t.client().post('/api/v1/user/login', { userId, password: PASSWORD })).code).toBe(200);
    expect(await trialGrants(userId)).toBe(1);
  });

  it('refuses another Google subject with the address of a Google-only account (no password to prove)', async () => {
    const email = `${uid('conflict')}@example.com`;
    expect((await signInWithGoogle(t.client(), email)).pathname).toBe('/pricing');
    google.addAccount({ email, sub: `other-${uid('sub')}` });
    const c = t.client();
    expect((await signInWithGoogle(c, email)).toString()).toBe(`${APP}/login?error=conflict`);
    expect(c.cookies.get('sid')).toBeUndefined();
  });

  it('never redirects off the site after signing in', async () => {
    const email = `${uid('redirect')}@example.com`;
    for (const evil of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', '/login?redirect=/x']) {
      expect((await signInWithGoogle(t.client(), email, evil)).toString()).toBe(`${APP}/`);
    }
    expect((await signInWithGoogle(t.client(), email, '/products/convert/word-to-pdf?x=1')).toString()).toBe(`${APP}/products/convert/word-to-pdf?x=1`);
  });
});

describe.each(testDialects())('Google sign-in not configured on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('is off: providers say so, start and callback go back to /login, linking answers 40404', async () => {
    const c = t.client();
    expect((await c.get<AuthProviders>('/api/v1/auth/providers')).data).toEqual({ google: false });
    const started = await c.get('/api/v1/auth/google/start?redirect=/pricing');
    expect(started.status).toBe(302);
    expect(started.headers.get('location')).toBe('/login?error=unavailable');
    expect((await c.get('/api/v1/auth/google/callback?state=x&code=y')).headers.get('location')).toBe('/login?error=unavailable');
    expect((await c.post('/api/v1/auth/google/link', { password: PASSWORD })).code).toBe(40404);
  });
});
