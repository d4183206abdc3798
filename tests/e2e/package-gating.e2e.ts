import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle } from '@contracts/quota.js';
import { reportPdf } from '../helpers/fixtures/pdfs';
import { registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';

const MB = 1024 * 1024;
const PASSWORD = 'Gating-Passw0rd';

/** A file for the drop zone: `base64` content, or `size` zero bytes made in the page (the checks before any conversion read no content). */
type DropFile = { name: string; base64?: string; size?: number };

/**
 * Calls the API from the page, as the app does (its cookies, the XSRF header on POST). Once more
 * on 40302: the page's own first request may have set a new XSRF cookie in between.
 */
async function api<T>(page: Page, path: string, body?: unknown): Promise<{ code: number; data: T }> {
  const answer = await apiOnce<T>(page, path, body);
  return answer.code === 40302 ? apiOnce<T>(page, path, body) : answer;
}

function apiOnce<T>(page: Page, path: string, body?: unknown): Promise<{ code: number; data: T }> {
  return page.evaluate(
    async ({ path, body }) => {
      if (!document.cookie.includes('XSRF-TOKEN=')) await fetch('/api/v1/userInfo', { credentials: 'include' });
      const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
      const init: RequestInit =
        body === undefined
          ? { credentials: 'include' }
          : { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token }, body: JSON.stringify(body) };
      return (await fetch(`/api/v1${path}`, init)).json() as Promise<{ code: number; data: T }>;
    },
    { path, body },
  );
}

/** Buys a bundle with the sandbox provider: order, payment, paid through the provider's signed path. */
async function buy(page: Page, bundleId: string): Promise<void> {
  const order = await api<{ orderId: string }>(page, '/order/create', { bundleId });
  expect(order.code).toBe(200);
  const payment = await api<{ payUrl: string }>(page, '/payment/create', { orderId: order.data.orderId });
  expect(payment.code).toBe(200);
  const paymentId = /\/payment\/sandbox\/([\w-]+)$/.exec(payment.data.payUrl)?.[1];
  expect(paymentId).toBeTruthy();
  expect((await api(page, `/payment/sandbox/${paymentId}/pay`, {})).code).toBe(200);
}

/** Drops files on the page's drop zone as a browser does (a DataTransfer on dragenter and drop). */
async function dropFiles(page: Page, files: DropFile[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle((list: DropFile[]) => {
    const transfer = new DataTransfer();
    for (const f of list) {
      const bytes = f.base64 ? Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0)) : new Uint8Array(f.size ?? 1024);
      transfer.items.add(new File([bytes], f.name));
    }
    return transfer;
  }, files);
  const zone = page.getByTestId('convert-drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

const availCount = (page: Page) => page.getByTestId('avail-count').getAttribute('data-count').then(Number);
const inViewport = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });

describe('gating by package', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness?.close());

  /**
   * Two accounts of one mailbox: the first gets the free trial (every type), the second nothing.
   * Returns the pages of both, signed in.
   */
  async function mailbox(prefix: string): Promise<{ trial: Page; bare: Page }> {
    const base = uniqueUserId(prefix).slice(0, 28);
    const { page: trial } = await harness.open('/');
    trial.setDefaultTimeout(30_000);
    expect((await api(trial, '/user/register', { userId: base, password: PASSWORD, email: `${base}@example.com`, agree: true })).code).toBe(200);
    const { page: bare } = await harness.open('/');
    bare.setDefaultTimeout(30_000);
    await registerThroughUi(bare, { userId: `${base}b`, email: `${base}+b@example.com`, password: PASSWORD });
    expect((await api<{ availCount: number }>(bare, '/config/limit')).data.availCount).toBe(0);
    return { trial, bare };
  }

  /** The highlighted card: exactly one, includes the type by the API's word, and no cheaper bundle on sale does. */
  async function highlightedFor(page: Page, convertType: string): Promise<Locator> {
    await page.waitForURL((url) => url.pathname === '/pricing' && url.searchParams.get('convertType') === convertType);
    const card = page.locator('article[data-includes-type="true"]');
    await card.waitFor();
    expect(await card.count()).toBe(1);
    const id = await card.getAttribute('data-bundle');
    const including = (await api<Bundle[]>(page, `/bundle/list?convertType=${convertType}`)).data.filter((b) => !b.trial && b.price > 0);
    const chosen = including.find((b) => b.id === id);
    expect(chosen).toBeDefined();
    expect(Math.min(...including.map((b) => b.price))).toBe(chosen!.price);
    // Reachable by role: the closed dialog left nothing aria-hidden behind (the page is read out).
    await card.getByRole('heading', { level: 2 }).waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Outlined, brought into view and focused, and described by its badge for assistive technology.
    expect(await card.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await expect.poll(() => inViewport(card)).toBe(true);
    await expect.poll(() => card.evaluate((el) => document.activeElement === el)).toBe(true);
    return card;
  }

  const description = (card: Locator) => card.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '');

  describe('in English', () => {
    let trial: Page;
    let pdfOnly: Page;

    beforeAll(async () => {
      ({ trial, bare: pdfOnly } = await mailbox('pge'));
      await buy(pdfOnly, 'pdf-pack');
    });

    it('a PDF-pack holder tries Excel to JSON: 1001 with a 3-second countdown; Cancel keeps them on the page', async () => {
      const page = pdfOnly;
      await page.goto('/products/convert/excel-to-json');
      await page.getByRole('heading', { level: 1, name: 'Excel to JSON' }).waitFor();
      // The PDF pack has no conversions of this type.
      await expect.poll(() => availCount(page)).toBe(0);

      await dropFiles(page, [{ name: 'sheet.xlsx', size: 2048 }]);
      const dialog = page.getByRole('alertdialog', { name: 'Your package does not include this feature.' });
      await dialog.getByText('Excel to JSON is not in any package you hold now.', { exact: true }).waitFor();
      await dialog.getByText(/^Taking you to the packages in [1-3] s…$/).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.waitForTimeout(3500);
      expect(new URL(page.url()).pathname).toBe('/products/convert/excel-to-json');
      const task = page.locator('[data-testid="convert-task"][data-status="failed"]');
      await expect(task.getByTestId('task-reason').textContent()).resolves.toBe('Your package does not include this feature.');
      // Nothing was spent: the PDF pack still has its 100 conversions.
      expect((await api<{ availCount: number }>(page, '/config/limit')).data.availCount).toBe(100);
    });

    it('letting the countdown run lands on /pricing with a bundle that includes Excel to JSON highlighted', async () => {
      const page = pdfOnly;
      await dropFiles(page, [{ name: 'again.xlsx', size: 2048 }]);
      const dialog = page.getByRole('alertdialog', { name: 'Your package does not include this feature.' });
      await dialog.waitFor();
      const shown = Date.now();
      const card = await highlightedFor(page, 'excel-to-json');
      expect(Date.now() - shown).toBeGreaterThan(2000);
      expect(await card.getAttribute('data-bundle')).not.toBe('pdf-pack');
      await card.getByText('Includes Excel to JSON', { exact: true }).waitFor();
      expect(await description(card)).toBe('Includes Excel to JSON');
      // The best-value mark gives way to the bundle asked about.
      expect(await page.getByText('Best value', { exact: true }).count()).toBe(0);
    });

    it('over-limit batches and sizes are explained on the converter: 1002 and 1005 with the trial, 1003 with the PDF pack', async () => {
      await trial.goto('/products/convert/excel-to-json');
      await trial.getByRole('heading', { level: 1, name: 'Excel to JSON' }).waitFor();
      await expect.poll(() => availCount(trial)).toBe(20);
      const notice = trial.getByTestId('quota-notice');

      await dropFiles(trial, [{ name: 'a.xlsx' }, { name: 'b.xlsx' }]);
      await expect.poll(() => notice.getAttribute('data-code')).toBe('1002');
      await notice.getByText('Your package has no batch conversion. Please purchase a package that includes it.', { exact: true }).waitFor();

      await dropFiles(trial, [{ name: 'big.xlsx', size: 10 * MB + 1 }]);
      await expect.poll(() => notice.getAttribute('data-code')).toBe('1005');
      await notice.getByText('The file is larger than your package allows.', { exact: true }).waitFor();
      await notice.getByRole('link', { name: 'See packages' }).waitFor();
      expect(await trial.getByTestId('convert-task').count()).toBe(0);

      await pdfOnly.goto('/products/convert/pdf-to-word');
      await pdfOnly.getByRole('heading', { level: 1, name: 'PDF to Word' }).waitFor();
      await expect.poll(() => availCount(pdfOnly)).toBe(100);
      await dropFiles(pdfOnly, Array.from({ length: 6 }, (_, i) => ({ name: `page-${i}.pdf` })));
      const packNotice = pdfOnly.getByTestId('quota-notice');
      await expect.poll(() => packNotice.getAttribute('data-code')).toBe('1003');
      await packNotice.getByText('Too many files for one batch. Please purchase a package with a larger batch limit.', { exact: true }).waitFor();
      expect(await pdfOnly.getByTestId('convert-task').count()).toBe(0);
    });
  });

  describe('in Chinese', () => {
    it('no package: PDF to Word gives 1001 in Chinese, Cancel stays, the countdown lands on the PDF pack highlighted; bought, it converts and over-limit batches get 1003', async () => {
      const { bare: page } = await mailbox('pgz');
      await page.getByTestId('language-toggle').first().click();
      await page.goto('/products/convert/pdf-to-word');
      await page.getByRole('heading', { level: 1, name: 'PDF 转 Word' }).waitFor();

      await dropFiles(page, [{ name: '报告.pdf' }]);
      const dialog = page.getByRole('alertdialog', { name: '你的套餐不包含此功能。' });
      await dialog.getByText('您当前持有的套餐都不包含“PDF 转 Word”。', { exact: true }).waitFor();
      await dialog.getByText(/^[1-3] 秒后前往套餐购买页…$/).waitFor();
      await dialog.getByRole('button', { name: '取消' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.waitForTimeout(3500);
      expect(new URL(page.url()).pathname).toBe('/products/convert/pdf-to-word');

      await dropFiles(page, [{ name: '报告.pdf' }]);
      await dialog.waitFor();
      const card = await highlightedFor(page, 'pdf-to-word');
      // The cheapest bundle with PDF to Word is the PDF pack, which has nothing else.
      expect(await card.getAttribute('data-bundle')).toBe('pdf-pack');
      await card.getByRole('heading', { level: 2, name: 'PDF 转换包' }).waitFor();
      expect(await description(card)).toBe('包含“PDF 转 Word”');

      await buy(page, 'pdf-pack');
      await page.goto('/products/convert/pdf-to-word');
      await expect.poll(() => availCount(page)).toBe(100);
      await dropFiles(page, Array.from({ length: 6 }, (_, i) => ({ name: `第${i}页.pdf` })));
      const notice = page.getByTestId('quota-notice');
      await expect.poll(() => notice.getAttribute('data-code')).toBe('1003');
      await notice.getByText('批量文件数量超过上限，请购买批量上限更高的套餐。', { exact: true }).waitFor();

      await dropFiles(page, [{ name: '季度报告.pdf', base64: Buffer.from(await reportPdf()).toString('base64') }]);
      await page.locator('[data-testid="convert-task"][data-status="success"]').waitFor({ timeout: 60_000 });
      await expect.poll(() => availCount(page)).toBe(99);
    });
  });
});
