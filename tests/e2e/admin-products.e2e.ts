import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STORAGE_PREFIX } from '../../src/lib/storage-prefix';
import { pngBytes } from '../helpers/fixtures/image-encoders';
import { ADMIN, field, loginThroughUi, registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';

/**
 * Issue 11, product list: the manager switches `pdf-to-word` off on /admin/products/convert; a
 * signed-in user's converter, PDF tools menu and Ctrl+K search stop offering it and its page says
 * it is switched off; switched back on, it returns. Run with the admin area in Chinese (its
 * default) and the site in English, then the other way round.
 */

interface Texts {
  pdfToWord: string;
  pdfToExcel: string;
  pdfTools: string;
  search: string;
  switchedOff: string;
}

const SITE: Record<'en' | 'zh', Texts> = {
  en: { pdfToWord: 'PDF to Word', pdfToExcel: 'PDF to Excel', pdfTools: 'PDF tools', search: 'Search tools and pages', switchedOff: 'PDF to Word is switched off' },
  zh: { pdfToWord: 'PDF 转 Word', pdfToExcel: 'PDF 转 Excel', pdfTools: 'PDF 工具', search: '搜索工具和页面', switchedOff: 'PDF 转 Word已关闭' },
};
const SAVED = { en: 'Saved', zh: '已保存' };
const PRODUCT = {
  en: { create: 'New product', id: 'Id', name: 'Name (English)', nameZh: 'Name (Chinese)', detail: 'Detail (English)', detailZh: 'Detail (Chinese)', save: 'Save', nameRequired: 'Please enter a name.' },
  zh: { create: '新建产品', id: '编号', name: '名称（英文）', nameZh: '名称（中文）', detail: '详情（英文）', detailZh: '详情（中文）', save: '保存', nameRequired: '请输入名称。' },
};
const OFFERED_LABEL = { en: 'PDF to Word: offered on the site', zh: 'PDF 转 Word：在网站上提供' };

describe.each([
  { admin: 'zh', site: 'en' },
  { admin: 'en', site: 'zh' },
] as const)('switching a conversion off (admin in $admin, site in $site)', ({ admin, site }) => {
  let harness: Harness;
  let manager: { context: BrowserContext; page: Page };
  let user: { context: BrowserContext; page: Page };
  const text = SITE[site];

  beforeAll(async () => {
    harness = await startHarness();
    // The user: a new account with the trial (every conversion type).
    user = await harness.open('/');
    const userId = uniqueUserId('sw');
    await registerThroughUi(user.page, { userId, email: `${userId}@example.com`, password: 'Sunny-Day7' });
    if (site === 'zh') {
      await user.page.evaluate((key) => localStorage.setItem(key, 'zh'), `${DEFAULT_STORAGE_PREFIX}lang`);
    }
    // The manager: the admin area speaks Chinese until switched; the English run sets it first.
    manager = await harness.open('/');
    const { page, context } = manager;
    if (admin === 'en') await context.addInitScript((key) => localStorage.setItem(key, 'en'), `${DEFAULT_STORAGE_PREFIX}adminLang`);
    await page.goto('/admin/products/convert');
    await page.waitForURL((url) => url.pathname === '/login');
    await loginThroughUi(page, ADMIN.userId, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/admin/products/convert');
  });
  afterAll(async () => harness?.close());

  /** Flips pdf-to-word's switch on the conversion-tools page and saves the row. */
  async function setPdfToWord(on: boolean): Promise<void> {
    const { page } = manager;
    await page.reload();
    const row = page.getByTestId('convert-tool-pdf-to-word');
    const toggle = row.getByRole('switch', { name: OFFERED_LABEL[admin] });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(!on);
    await toggle.click();
    await row.getByRole('button').click();
    await page.getByText(SAVED[admin], { exact: true }).first().waitFor();
    // The row starts again from what the server now holds.
    await expect.poll(() => row.getByRole('switch').isChecked()).toBe(on);
    await expect.poll(() => row.getByRole('button').isDisabled()).toBe(true);
  }

  /** What the user's converter, PDF tools menu and search offer, checked after the feature list has loaded. */
  async function expectOffered(offered: boolean): Promise<void> {
    const { page } = user;
    const state = offered ? 'visible' : 'detached';

    await page.goto('/products/convert/introduce');
    await page.locator('[data-card="pdf-to-excel"]').waitFor();
    await page.locator('[data-card="pdf-to-word"]').waitFor({ state });

    // The menu opens on hover (a click would toggle it shut again).
    await page.getByTestId('pdf-tools-trigger').hover();
    const panel = page.getByRole('region', { name: text.pdfTools });
    // PDF to Excel is listed twice (from PDF, to Excel); PDF to Word once.
    await panel.getByRole('link', { name: text.pdfToExcel, exact: true }).first().waitFor();
    await panel.getByRole('link', { name: text.pdfToWord, exact: true }).waitFor({ state });
    await page.mouse.move(0, 400);
    await panel.waitFor({ state: 'detached' });

    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: text.search });
    await input.waitFor();
    await input.pressSequentially('pdf');
    await page.getByRole('option', { name: text.pdfToExcel, exact: true }).waitFor();
    await page.getByRole('option', { name: text.pdfToWord, exact: true }).waitFor({ state });
    await page.keyboard.press('Escape');

    await page.goto('/products/convert/pdf-to-word');
    if (offered) {
      await page.getByTestId('convert-drop-zone').waitFor();
      await page.getByRole('heading', { level: 1, name: text.pdfToWord }).waitFor();
      expect(await page.getByTestId('conversion-switched-off').count()).toBe(0);
    } else {
      const notice = page.getByTestId('conversion-switched-off');
      await notice.waitFor();
      await notice.getByText(text.switchedOff).waitFor();
    }
  }

  it('offers pdf-to-word before any change', async () => {
    await expectOffered(true);
  });

  it('the manager switches it off: the converter, the PDF tools menu and the search no longer offer it', async () => {
    await setPdfToWord(false);
    await expectOffered(false);
  });

  it('the manager switches it back on: it returns everywhere', async () => {
    await setPdfToWord(true);
    await expectOffered(true);
  });

  it('the manager publishes a product with both names, both details and an image', async () => {
    const { page } = manager;
    const l = PRODUCT[admin];
    await page.goto('/admin/panels/product');
    await page.getByRole('button', { name: l.create }).click();
    const dialog = page.getByRole('dialog');
    // The server's per-field messages: both names are required.
    await dialog.getByRole('button', { name: l.save }).click();
    await expect.poll(() => dialog.getByText(l.nameRequired).count()).toBe(2);
    const id = `e2e-${admin}`;
    await field(dialog, l.id).fill(id);
    await field(dialog, l.name).fill('E2E product');
    await field(dialog, l.nameZh).fill('端到端产品');
    await field(dialog, l.detail).fill('Made by the journey.');
    await field(dialog, l.detailZh).fill('由测试创建。');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngBytes(32, 32) });
    await dialog.getByTestId('product-image-preview').waitFor();
    await dialog.getByRole('button', { name: l.save }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId(`product-${id}`);
    await row.getByText('端到端产品').waitFor();
    const src = await row.locator('img').getAttribute('src');
    expect(src).toMatch(/^\/api\/v1\/product-image\/pimg-/);
    const image = await page.request.get(src!);
    expect({ status: image.status(), type: image.headers()['content-type'] }).toEqual({ status: 200, type: 'image/png' });
  });
});
