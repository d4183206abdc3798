import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port';
import { startGoogleStandIn, type GoogleStandIn } from '../helpers/google-stand-in';
import { field, logoutThroughUi, registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';
import { openProfileDialog } from '../helpers/profile-dialog';

const GOOGLE_ENV = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_ISSUER'] as const;

/** Starts the app with Google sign-in pointed at a stand-in on a port reserved first (the server reads GOOGLE_* at start). */
async function startWithGoogle(): Promise<{ harness: Harness; google: GoogleStandIn }> {
  const port = await freePort();
  const clientId = 'docuflow-e2e';
  const clientSecret = randomBytes(24).toString('base64url');
  const saved = GOOGLE_ENV.map((k) => [k, process.env[k]] as const);
  Object.assign(process.env, { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret, GOOGLE_ISSUER: `http://127.0.0.1:${port}` });
  let harness: Harness;
  try {
    harness = await startHarness();
  } finally {
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  const google = await startGoogleStandIn({ port, clientId, clientSecret, redirectUris: [`${harness.baseUrl}/api/v1/auth/google/callback`] });
  return { harness, google };
}

/** On the stand-in's login form: the address, then back to the app. */
async function signInAtGoogle(page: Page, harness: Harness, email: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email or phone' }).fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL((url) => url.origin === harness.baseUrl);
}

/** Opens the profile's account info and checks it shows `email` and no password field at all. */
async function expectGoogleAccountInfo(page: Page, names: { section: string; dialog: string }, email: string): Promise<void> {
  const dialog = await openProfileDialog(page, names.section, names.dialog);
  await dialog.locator('dd[data-field="email"]', { hasText: email }).waitFor();
  await expect(dialog.locator('input[type="password"]').count()).resolves.toBe(0);
  const info = await page.evaluate(() => fetch('/api/v1/userInfo', { credentials: 'include' }).then((r) => r.json() as Promise<{ data: { google: boolean; email: string } }>));
  expect(info.data).toMatchObject({ google: true, email });
}

describe('Google sign-in journeys', () => {
  let harness: Harness;
  let google: GoogleStandIn;

  beforeAll(async () => {
    ({ harness, google } = await startWithGoogle());
  });
  afterAll(async () => {
    await harness?.close();
    await google?.close();
  });

  it('signs in with Google from /login (English): new account, account info without password fields', async () => {
    const email = `${uniqueUserId('gl')}@example.com`;
    const { page } = await harness.open('/login');
    const button = page.getByRole('link', { name: 'Continue with Google' });
    await button.click();
    await page.waitForURL((url) => url.origin === google.issuer);
    await signInAtGoogle(page, harness, email);
    await page.getByTestId('profile-trigger').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await expectGoogleAccountInfo(page, { section: 'Account info', dialog: 'My account' }, email);
  });

  it('signs in with Google from /register (Chinese)', async () => {
    const email = `${uniqueUserId('gz')}@example.com`;
    const { page } = await harness.open('/');
    await page.getByTestId('language-toggle').first().click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await page.goto('/register');
    await page.getByRole('link', { name: '使用 Google 继续' }).click();
    await page.waitForURL((url) => url.origin === google.issuer);
    await signInAtGoogle(page, harness, email);
    await page.getByTestId('profile-trigger').waitFor();
    await expectGoogleAccountInfo(page, { section: '账号信息', dialog: '我的账号' }, email);
  });

  it('shows why Google refused: an address Google did not verify (English and Chinese)', async () => {
    const email = `${uniqueUserId('gu')}@example.com`;
    google.addAccount({ email, emailVerified: false });
    const { page } = await harness.open('/login');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await signInAtGoogle(page, harness, email);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('error') === 'unverified');
    await page.getByText('Google has not verified this e-mail address, so it cannot be used to sign in.').waitFor();
    await page.getByTestId('language-toggle').first().click();
    await page.getByText('Google 尚未验证该邮箱地址，无法用于登录。').waitFor();
  });

  it('links an existing account only after its password, then signs in with it', async () => {
    const user = { userId: uniqueUserId('gk'), email: `${uniqueUserId('gk')}@example.com`, password: 'Start-Passw0rd' };
    const { page } = await harness.open('/');
    await registerThroughUi(page, user);
    await logoutThroughUi(page);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await signInAtGoogle(page, harness, user.email);
    await page.waitForURL((url) => url.pathname === '/google-link');
    await page.getByRole('heading', { name: 'Link your Google account' }).waitFor();
    await page.getByText(user.email, { exact: false }).waitFor();
    await field(page, 'Password').fill('Wrong-Passw0rd');
    await page.getByRole('button', { name: 'Link and log in' }).click();
    await page.getByText('The password is not correct.').waitFor();
    await expect(page.getByTestId('profile-trigger').count()).resolves.toBe(0);
    await field(page, 'Password').fill(user.password);
    await page.getByRole('button', { name: 'Link and log in' }).click();
    await page.getByTestId('profile-trigger').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    const info = await page.evaluate(() => fetch('/api/v1/userInfo', { credentials: 'include' }).then((r) => r.json() as Promise<{ data: { userId: string } }>));
    expect(info.data.userId).toBe(user.userId);
  });
});

describe('Google sign-in not configured', () => {
  let harness: Harness;

  beforeAll(async () => {
    for (const k of GOOGLE_ENV) delete process.env[k];
    harness = await startHarness();
  });
  afterAll(async () => harness?.close());

  it('shows no Google button on /login and /register', async () => {
    const { page } = await harness.open('/');
    for (const path of ['/login', '/register']) {
      const providers = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/providers'));
      await page.goto(path);
      expect(((await (await providers).json()) as { data: { google: boolean } }).data.google).toBe(false);
      await page.getByRole('button', { name: path === '/login' ? 'Log in' : 'Create account' }).waitFor();
      await expect(page.getByRole('link', { name: 'Continue with Google' }).count()).resolves.toBe(0);
      await expect(page.getByText('Continue with Google').count()).resolves.toBe(0);
    }
  });
});
