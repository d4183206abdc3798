import type { Page, Response } from 'playwright-core';
import { LOGIN_REDIRECT_DELAY_MS } from '../../src/lib/constants';
import { DEFAULT_STORAGE_PREFIX } from '../../src/lib/storage-prefix';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openProfileDialog } from '../helpers/profile-dialog';
import { field, loginThroughUi, logoutThroughUi, registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';

/**
 * The account journeys of issue 2, in order on one browser profile: register, log out, hit a
 * protected page, log in and land back on it, edit the profile, change the password.
 */
describe('account journeys', () => {
  let harness: Harness;
  let page: Page;
  const user = { userId: uniqueUserId('e2e'), email: 'e2e.user@example.com', password: 'Start-Passw0rd' };
  const newPassword = 'Changed-Passw0rd9';
  const protectedPath = '/products/convert/word-to-pdf';

  beforeAll(async () => {
    harness = await startHarness();
    ({ page } = await harness.open('/'));
  });
  afterAll(async () => harness?.close());

  it('registers, signed in at once, with the session stored under userInfo', async () => {
    await registerThroughUi(page, user);
    expect(new URL(page.url()).pathname).toBe('/');
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { userId: string } | null, `${DEFAULT_STORAGE_PREFIX}userInfo`);
    expect(stored?.userId).toBe(user.userId);
  });

  it('logs out, and a protected page then sends to login with the redirect', async () => {
    await logoutThroughUi(page);
    expect(await page.evaluate((key) => localStorage.getItem(key), `${DEFAULT_STORAGE_PREFIX}userInfo`)).toBeNull();
    await page.goto(protectedPath);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(protectedPath);
    // The login page keeps a login-log id (from the 40202 answer) instead of sending the visitor home.
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), `${DEFAULT_STORAGE_PREFIX}logId`)).toBeTruthy();
  });

  it('shows the wrong-credentials message, then logs in and lands back on the protected page', async () => {
    await loginThroughUi(page, user.userId, 'Wrong-Passw0rd');
    await page.getByText('Wrong user ID, e-mail or password.').waitFor();
    await loginThroughUi(page, user.userId, user.password);
    await page.waitForURL((url) => url.pathname === protectedPath);
    await page.getByRole('heading', { level: 1, name: 'Word to PDF' }).waitFor();
  });

  it('edits the profile', async () => {
    const dialog = await openProfileDialog(page, 'Account info', 'My account');
    await dialog.getByTestId('profile-edit').click();
    await expect(field(dialog, 'User ID').getAttribute('readonly')).resolves.not.toBeNull();
    await field(dialog, 'Name').fill('Ada Lovelace');
    await field(dialog, 'Phone').fill('+44 20 7946 0000');
    await dialog.getByRole('radio', { name: 'Female' }).check();
    await field(dialog, 'E-mail').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The input is not valid E-mail').waitFor();
    await field(dialog, 'E-mail').fill('ada@example.com');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.locator('dd[data-field="name"]', { hasText: 'Ada Lovelace' }).waitFor();
    await dialog.locator('dd[data-field="email"]', { hasText: 'ada@example.com' }).waitFor();
    // Saved on the server, not only on screen.
    const info = await page.evaluate(() => fetch('/api/v1/userInfo', { credentials: 'include' }).then((r) => r.json()));
    expect(info.data).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', gender: 'female', phone: '+44 20 7946 0000' });
  });

  it('changes the password: wrong old password refused, weak password refused, then accepted', async () => {
    const dialog = page.getByRole('dialog', { name: 'My account' });
    const form = dialog.getByRole('form', { name: 'Change password' });
    await field(form, 'Current password').fill('Not-The-Passw0rd');
    await field(form, 'New password').fill(newPassword);
    await field(form, 'Repeat new password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('The current password is not correct.').waitFor();

    await field(form, 'Current password').fill(user.password);
    await field(form, 'New password').fill('weak');
    await field(form, 'Repeat new password').fill('weak');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('At least 8 characters, with a digit, a lowercase letter and an uppercase letter.').first().waitFor();

    await field(form, 'New password').fill(newPassword);
    await field(form, 'Repeat new password').fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.', { exact: false }).first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('logs in with the new password (and not with the old one)', async () => {
    await logoutThroughUi(page);
    await page.goto('/login');
    await loginThroughUi(page, user.userId, user.password);
    await page.getByText('Wrong user ID, e-mail or password.').waitFor();
    await loginThroughUi(page, user.userId, newPassword);
    await page.getByTestId('profile-trigger').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('stays on the protected page when signing in faster than the 40202 redirect delay', async () => {
    // Regression (CI, 2026-11-22): the 40202 answer that sends a visitor to /login also armed a
    // delayed redirect; a login inside that delay was thrown back to /login.
    await logoutThroughUi(page);
    await page.goto(protectedPath);
    await page.waitForURL((url) => url.pathname === '/login');
    await loginThroughUi(page, user.userId, newPassword);
    await page.waitForURL((url) => url.pathname === protectedPath);
    await page.waitForTimeout(LOGIN_REDIRECT_DELAY_MS + 500);
    expect(new URL(page.url()).pathname).toBe(protectedPath);
    await page.getByRole('heading', { level: 1, name: 'Word to PDF' }).waitFor();
  });

  it('shows the no-permission message on admin paths to a signed-in non-manager, and no admin request succeeds', async () => {
    const adminAnswers: { url: string; code: number }[] = [];
    const record = async (res: Response) => {
      if (!res.url().includes('/api/v1/admin')) return;
      const body = (await res.json().catch(() => ({ code: -1 }))) as { code: number };
      adminAnswers.push({ url: res.url(), code: body.code });
    };
    page.on('response', record);
    await page.goto('/admin/dashboard');
    await page.getByText('No operation permission, please contact the administrator').waitFor();
    await expect(page.getByRole('navigation', { name: 'Admin menu' }).count()).resolves.toBe(0);
    // The page asks for nothing it may not have; asking anyway, with the user's own session, is refused.
    const direct = await page.evaluate(async () => {
      const codes: number[] = [];
      for (const path of ['/api/v1/admin/stats', '/api/v1/admin/orders', '/api/v1/admin/users', '/api/v1/admin/feedback']) {
        codes.push(((await (await fetch(path)).json()) as { code: number }).code);
      }
      return codes;
    });
    expect(direct).toEqual([40301, 40301, 40301, 40301]);
    page.off('response', record);
    expect(adminAnswers.filter((a) => a.code === 200)).toEqual([]);
  });
});
