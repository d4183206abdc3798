import { readFile } from 'node:fs/promises';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILINGUAL_WORKBOOK_JSON, bilingualWorkbook } from '../helpers/fixtures/spreadsheets';
import { openProfileDialog } from '../helpers/profile-dialog';
import { registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';
import { ConversionStatus } from '@contracts/statuses.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Remaining conversions as the page shows them. */
const availCount = (page: Page) => page.getByTestId('avail-count').getAttribute('data-count').then(Number);

async function newUser(harness: Harness, prefix: string): Promise<Page> {
  const { page } = await harness.open('/');
  // These machines run several suites at once: allow for a slow first load of a lazy page.
  page.setDefaultTimeout(30_000);
  const userId = uniqueUserId(prefix);
  await registerThroughUi(page, { userId, email: `${userId}@example.com`, password: 'Convert-Passw0rd' });
  return page;
}

async function dropWorkbook(page: Page, name: string): Promise<void> {
  await page.getByTestId('convert-file-input').setInputFiles({ name, mimeType: XLSX_MIME, buffer: Buffer.from(await bilingualWorkbook()) });
}

/** A real drop: a DataTransfer holding the workbook, dispatched on the drop zone as a browser would. */
async function dropOnZone(page: Page, name: string): Promise<void> {
  const base64 = Buffer.from(await bilingualWorkbook()).toString('base64');
  const dataTransfer = await page.evaluateHandle(
    ({ data, fileName, type }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], fileName, { type }));
      return transfer;
    },
    { data: base64, fileName: name, type: XLSX_MIME },
  );
  const zone = page.getByTestId('convert-drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/** Spends conversions through the API (as another tab would), completing each as a success. */
async function spendConversions(page: Page, count: number): Promise<void> {
  await page.evaluate(async (n) => {
    const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
    const post = (path: string, body: unknown) =>
      fetch(`/api/v1${path}`, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token }, body: JSON.stringify(body) }).then((r) => r.json());
    for (let i = 0; i < n; i++) {
      const started = await post('/document/convert', { convertType: 'excel-to-json', engine: 'browser', files: [{ name: `earlier-${i}.xlsx`, size: 100 }] });
      if (started.code !== 200) throw new Error(`spend ${i}: ${started.code}`);
      await post(`/document/${started.data.documentId}/complete`, { success: true, files: [{ name: `earlier-${i}.json`, size: 10 }] });
    }
  }, count);
}

describe('convert journeys (device engine)', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness?.close());

  it('converts an xlsx to JSON on the device with no upload, downloads it, and finds it in usage history', async () => {
    const page = await newUser(harness, 'cvj');
    const posts: Request[] = [];
    page.on('request', (request) => request.method() !== 'GET' && posts.push(request));

    await page.goto('/products/convert/excel-to-json');
    await page.getByRole('heading', { level: 1, name: 'Excel to JSON' }).waitFor();
    await expect(page.getByTestId('accepted-extensions').textContent()).resolves.toBe('.xlsx.csv.xls.xlsb');
    await page.getByTestId('avail-count').waitFor();
    const before = await availCount(page);

    const started = Date.now();
    await dropOnZone(page, '库存 inventory.xlsx');
    const task = page.getByTestId('convert-task').filter({ hasText: '库存 inventory.xlsx' });
    await expect(task.getByTestId('task-engine').textContent()).resolves.toBe('On your device');
    await task.and(page.locator('[data-status="success"]')).waitFor({ timeout: 30_000 });
    console.info(`[convert.e2e] device conversion took ${Date.now() - started} ms`);

    const [download] = await Promise.all([page.waitForEvent('download'), task.getByRole('button', { name: /^Download/ }).click()]);
    expect(download.suggestedFilename()).toBe('库存 inventory.json');
    const json = JSON.parse(await readFile(await download.path(), 'utf8')) as unknown;
    expect(json).toEqual(BILINGUAL_WORKBOOK_JSON);

    // Nothing carried the file: no upload call, and every state-changing request was a small JSON body.
    expect(posts.map((r) => new URL(r.url()).pathname)).not.toContain('/api/v1/document/submit');
    for (const request of posts) {
      const body = request.postDataBuffer() ?? Buffer.alloc(0);
      expect(body.length, request.url()).toBeLessThan(2048);
      expect(body.includes(Buffer.from('PK\u0003\u0004')), request.url()).toBe(false);
      if (body.length > 0) expect(() => JSON.parse(body.toString('utf8')), request.url()).not.toThrow();
    }
    expect(posts.map((r) => new URL(r.url()).pathname)).toContain('/api/v1/document/convert');

    await expect.poll(() => availCount(page)).toBe(before - 1);

    const dialog = await openProfileDialog(page, 'Usage history', 'My account');
    await dialog.getByRole('row').filter({ hasText: 'Excel to JSON' }).filter({ hasText: 'Succeeded' }).first().waitFor();
    const history = await page.evaluate(() => fetch('/api/v1/my/history?page=1&pageSize=6', { credentials: 'include' }).then((r) => r.json()));
    expect(history.data.list[0]).toMatchObject({ status: ConversionStatus.SUCCEEDED, engine: 'browser', output: { convertType: 'excel-to-json', filesInfos: [{ convertFileName: '库存 inventory.json' }] } });
  });

  it('opens the picker from the keyboard and refuses files of other types by name', async () => {
    const page = await newUser(harness, 'cvr');
    await page.goto('/products/convert/excel-to-json');
    await page.getByRole('heading', { level: 1, name: 'Excel to JSON' }).waitFor();
    // Keyboard only: the picker opens from the focused button, single-file for the trial package.
    // Waiting first turns on Playwright's chooser interception; the focus round trip lets it take effect.
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a file' }).focus();
    await page.keyboard.press('Enter');
    const chooser = await choosing;
    expect(chooser.isMultiple()).toBe(false);
    await chooser.setFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await page.getByTestId('refused-files').getByText('notes.pdf: this page converts .xlsx .csv .xls .xlsb files only.').waitFor();
    await expect(page.getByTestId('convert-task').count()).resolves.toBe(0);

    // And at phone width (390 px) with a task on the list, nothing overflows sideways.
    await dropWorkbook(page, 'a rather long spreadsheet name for a small phone screen 2024.xlsx');
    await page.locator('[data-testid="convert-task"][data-status="success"]').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  it('runs out of conversions and sees the 1004 message with a link to pricing', async () => {
    const page = await newUser(harness, 'cvq');
    await page.goto('/products/convert/excel-to-json');
    await page.getByTestId('avail-count').waitFor();
    await spendConversions(page, (await availCount(page)) - 1);
    await page.reload();
    await expect.poll(() => availCount(page)).toBe(1);

    await dropWorkbook(page, 'last.xlsx');
    await page.locator('[data-testid="convert-task"][data-status="success"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => availCount(page)).toBe(0);

    await dropWorkbook(page, 'one-too-many.xlsx');
    const failed = page.getByTestId('convert-task').filter({ hasText: 'one-too-many.xlsx' });
    await failed.and(page.locator('[data-status="failed"]')).waitFor();
    const message = 'You have no conversions left. Please purchase a package to continue.';
    await expect(failed.getByTestId('task-reason').textContent()).resolves.toBe(message);
    const notice = page.getByTestId('quota-notice');
    await expect(notice.getAttribute('data-code')).resolves.toBe('1004');
    await notice.getByText(message).waitFor();
    await notice.getByRole('link', { name: 'See packages' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
  });

  it('answers 1001 with a dialog counting down to the purchase page, which Cancel stops; clear all asks first', async () => {
    const page = await newUser(harness, 'cvf');
    // A package without this feature, simulated: the server's own 1001 answer needs a bundle set up by staff.
    await page.route('**/api/v1/document/convert', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 1001, msg: 'No bundle with this feature', data: null }) }),
    );
    await page.goto('/products/convert/excel-to-json');
    await page.getByRole('heading', { level: 1, name: 'Excel to JSON' }).waitFor();
    await dropWorkbook(page, 'first.xlsx');
    const dialog = page.getByRole('alertdialog', { name: 'Your package does not include this feature.' });
    await dialog.getByText(/Taking you to the packages in [0-3] s/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForTimeout(3500);
    expect(new URL(page.url()).pathname).toBe('/products/convert/excel-to-json');

    await page.getByRole('button', { name: 'Clear all' }).click();
    const confirm = page.getByRole('dialog', { name: 'Clear all files?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect(page.getByTestId('convert-task').count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await confirm.getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => page.getByTestId('convert-task').count()).toBe(0);

    await dropWorkbook(page, 'second.xlsx');
    await dialog.waitFor();
    await page.waitForURL((url) => url.pathname === '/pricing', { timeout: 6000 });
  });
});
