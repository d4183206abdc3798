import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STORAGE_PREFIX } from '../../src/lib/storage-prefix';
import { ADMIN, field, loginThroughUi, registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';
import { openProfileDialog } from '../helpers/profile-dialog';

/** What the signed-in page may still convert (its own cookies). */
async function availCount(page: Page): Promise<number> {
  return page.evaluate(async () => ((await (await fetch('/api/v1/config/limit', { credentials: 'include' })).json()) as { data: { availCount: number } }).data.availCount);
}

const TRIAL_CONVERSIONS = 20;
const PACK_CONVERSIONS = 150;

/** The journey's texts: the admin area in Chinese (its default for staff) or English, the site in the same language. */
const TEXT = {
  zh: {
    newBundle: '新建套餐',
    id: '标识',
    nameEn: '名称（英文）',
    nameZh: '名称（中文）',
    price: '价格',
    product: '产品',
    amount: '数量（次）',
    searchConversions: '搜索转换',
    pdfToWord: /^PDF 转 Word/,
    published: '在价格页上架',
    create: '创建套餐',
    buy: (name: string) => `购买${name}`,
    payNow: /^立即支付 · /,
    sandboxPay: /^支付 .*12\.99$/,
    times: `${PACK_CONVERSIONS} 次`,
    myProducts: '我的产品',
    dialog: '我的账号',
    userFilter: '用户（ID 或邮箱）',
    refund: '退款',
    refundTitle: /^退款 .*12\.99？$/,
    reason: '原因',
    confirm: /^退款 .*12\.99$/,
    refunded: '已退款',
  },
  en: {
    newBundle: 'New bundle',
    id: 'Identifier',
    nameEn: 'Name (English)',
    nameZh: 'Name (Chinese)',
    price: 'Price',
    product: 'Product',
    amount: 'Amount (times)',
    searchConversions: 'Search conversions',
    pdfToWord: /^PDF to Word/,
    published: 'Published on the pricing page',
    create: 'Create bundle',
    buy: (name: string) => `Buy ${name}`,
    payNow: /^Pay now · /,
    sandboxPay: /^Pay \$12\.99$/,
    times: `${PACK_CONVERSIONS} times`,
    myProducts: 'My products',
    dialog: 'My account',
    userFilter: 'User (id or e-mail)',
    refund: 'Refund',
    refundTitle: 'Refund $12.99?',
    reason: 'Reason',
    confirm: 'Refund $12.99',
    refunded: 'Refunded',
  },
} as const;

/**
 * Issue 11's billing journey, in the admin area's default Chinese and in English: the manager
 * publishes a bundle on /admin/panels/bundle; a user finds it on /pricing, buys it through the
 * sandbox checkout and sees its quota; the manager finds the paid order in the order list and
 * refunds it, and the user's quota is taken back.
 */
describe('admin billing journeys', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness?.close());

  /** The manager signed in on `path`, in the admin area's default language or English. */
  async function openAsManager(path: string, lang: 'zh' | 'en'): Promise<{ page: Page; context: BrowserContext }> {
    const { page, context } = await harness.open('/');
    if (lang === 'en') await context.addInitScript((k) => localStorage.setItem(k, 'en'), `${DEFAULT_STORAGE_PREFIX}adminLang`);
    // Signed in before the first admin path (see tests/e2e/admin-dashboard.e2e.ts for why).
    await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
    await loginThroughUi(page, ADMIN.userId, ADMIN.password);
    await page.waitForURL((url) => url.pathname === path);
    return { page, context };
  }

  for (const lang of ['zh', 'en'] as const) {
    it(`publishes a bundle, a user buys it on /pricing, the manager refunds it (${lang})`, async () => {
      const text = TEXT[lang];
      const id = `e2e-${lang}-${Date.now().toString(36)}`;
      const names = { en: `Team pack ${lang}`, zh: `团队套餐 ${lang}` };
      const name = names[lang];

      // The manager publishes it.
      const { page: admin } = await openAsManager('/admin/panels/bundle', lang);
      await admin.getByRole('button', { name: text.newBundle }).click();
      const editor = admin.getByTestId('bundle-editor');
      await field(editor, text.id).fill(id);
      await field(editor, text.nameEn).fill(names.en);
      await field(editor, text.nameZh).fill(names.zh);
      await field(editor, text.price).fill('12.99');
      await editor.locator('[data-quota-row="0"]').getByRole('combobox', { name: text.product }).selectOption('convert');
      await field(editor.locator('[data-quota-row="0"]'), text.amount).fill(String(PACK_CONVERSIONS));
      // The searchable multi-select: typing filters the conversions, a click adds one.
      const search = editor.getByRole('combobox', { name: text.searchConversions });
      await search.click();
      await search.pressSequentially('pdf-to-w');
      await admin.getByRole('option', { name: text.pdfToWord }).click();
      await editor.locator('[data-convert-type="pdf-to-word"]').waitFor();
      await editor.getByRole('switch', { name: text.published }).check();
      await editor.getByRole('button', { name: text.create }).click();
      await admin.locator(`tr[data-bundle="${id}"][data-published="true"]`).waitFor();
      await editor.waitFor({ state: 'detached' });

      // A user finds it on /pricing and buys it through the sandbox checkout.
      const { page: user } = await harness.open('/');
      await registerThroughUi(user, { userId: uniqueUserId(`bill${lang}`), email: `bill.${lang}.${Date.now()}@example.com`, password: 'Start-Passw0rd' });
      const userId = await user.evaluate(async () => ((await (await fetch('/api/v1/userInfo', { credentials: 'include' })).json()) as { data: { userId: string } }).data.userId);
      if (lang === 'zh') {
        await user.getByTestId('language-toggle').first().click();
        await user.getByRole('link', { name: '价格' }).first().waitFor();
      }
      await user.goto('/pricing');
      const card = user.locator(`article[data-bundle="${id}"]`);
      await card.getByRole('heading', { level: 2, name }).waitFor();
      expect(await card.getByTestId('bundle-price').textContent()).toMatch(/12\.99/);
      await card.getByRole('button', { name: text.buy(name) }).click();
      await user.waitForURL((url) => url.pathname === '/payment' && url.searchParams.has('orderId'));
      await user.getByRole('button', { name: text.payNow }).click();
      await user.waitForURL((url) => url.pathname.startsWith('/payment/sandbox/'));
      await user.getByRole('button', { name: text.sandboxPay }).click();
      await user.locator('[data-testid="payment-result"][data-outcome="paid"]').waitFor();
      expect(await availCount(user)).toBe(TRIAL_CONVERSIONS + PACK_CONVERSIONS);
      // …and sees its quota in My products.
      const products = await openProfileDialog(user, text.myProducts, text.dialog);
      await products.getByTestId('my-products').getByText(text.times, { exact: true }).first().waitFor();

      // The manager sees the paid order and refunds it, after a confirmation saying what is taken back.
      await admin.goto('/admin/charge-orders/orders');
      await field(admin, text.userFilter).fill(userId);
      const row = admin.locator('tr[data-order][data-status="paid"]').filter({ hasText: name });
      await row.waitFor();
      // The filter applies once typing settles: until then the unfiltered list may still be shown.
      await expect.poll(() => admin.locator('tr[data-order]').count(), { timeout: 10_000 }).toBe(1);
      await row.getByRole('button', { name: text.refund }).click();
      const confirm = admin.getByRole('dialog', { name: text.refundTitle });
      await confirm.locator('[data-testid="refund-take-back"] li[data-quota-type="TYPE_API"]').waitFor();
      await confirm.getByRole('textbox', { name: text.reason }).fill('E2E refund');
      await confirm.getByRole('button', { name: text.confirm }).click();
      await confirm.waitFor({ state: 'detached' });
      const refunded = admin.locator('tr[data-order][data-status="refunded"]');
      await refunded.getByText(text.refunded, { exact: true }).waitFor();
      await refunded.getByText('E2E refund', { exact: true }).waitFor();
      expect(await availCount(user)).toBe(TRIAL_CONVERSIONS);
    });
  }
});
