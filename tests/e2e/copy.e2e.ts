import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enCommon from '../../locales/en/common.json';
import enProfile from '../../locales/en/profile.json';
import zhCommon from '../../locales/zh/common.json';
import zhProfile from '../../locales/zh/profile.json';
import { openProfileDialog } from '../helpers/profile-dialog';
import { registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';

/**
 * Blocks the clipboard for the site the way a user's browser setting does, through Chromium's
 * DevTools protocol (Playwright can only grant). For this context only: without its id the setting
 * lands on the browser's default context. The setting lasts while the DevTools session does, so
 * the session stays attached until the context closes.
 */
async function denyClipboard(context: BrowserContext, page: Page, origin: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  const browserContextId = targetInfo.browserContextId;
  for (const name of ['clipboard-write', 'clipboard-read']) {
    await cdp.send('Browser.setPermission', { permission: { name }, setting: 'denied', origin, browserContextId });
  }
  const state = await page.evaluate(() => navigator.permissions.query({ name: 'clipboard-write' as PermissionName }).then((s) => s.state));
  expect(state).toBe('denied');
}

/** A toast with this text (its words are also in Fluent's aria-live region, announced to screen readers). */
const toast = (page: Page, text: string) => page.locator('.fui-ToastTitle').filter({ hasText: text });

/** Issue 10 part 7: Copy (the user id in account info) says Copy Fail when the clipboard refuses. */
describe('copy to the clipboard', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness?.close());

  it('shows Copy Fail when the clipboard permission is denied, and copies the user id when allowed (en, zh)', async () => {
    const { page, context } = await harness.open('/');
    const user = { userId: uniqueUserId('copy'), email: `${uniqueUserId('c')}@example.com`, password: 'Copy-Passw0rd!' };
    await registerThroughUi(page, user);

    await denyClipboard(context, page, harness.baseUrl);
    await openProfileDialog(page, enProfile.sections.account, enProfile.title);
    await page.getByRole('button', { name: `Copy ${enProfile.fields.userId}` }).click();
    await toast(page, enCommon.copy.fail).waitFor();
    await expect(toast(page, enCommon.copy.done).count()).resolves.toBe(0);

    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByTestId('language-toggle').first().click();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    await openProfileDialog(page, zhProfile.sections.account, zhProfile.title);
    await page.getByRole('button', { name: `复制${zhProfile.fields.userId}` }).click();
    await toast(page, zhCommon.copy.fail).waitFor();

    // The same user (and language) in a browser profile that allows it: Chromium lets a click
    // write to the clipboard by default.
    const allowed = await harness.open('/', { storageState: await context.storageState() });
    await context.close();
    await openProfileDialog(allowed.page, zhProfile.sections.account, zhProfile.title);
    await allowed.page.getByRole('button', { name: `复制${zhProfile.fields.userId}` }).click();
    await toast(allowed.page, zhCommon.copy.done).waitFor();
    await allowed.page.keyboard.press('Escape');
    await allowed.page.getByRole('dialog').waitFor({ state: 'hidden' });
    // What was copied pastes back (into the Ctrl+K search box).
    await allowed.page.keyboard.press('Control+k');
    const search = allowed.page.getByRole('combobox');
    await search.waitFor();
    await allowed.page.keyboard.press('Control+v');
    await expect.poll(() => search.inputValue()).toBe(user.userId);
    await allowed.context.close();
  });
});
