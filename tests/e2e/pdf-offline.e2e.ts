import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { ConversionStatus } from '@contracts/statuses';
import { DEFAULT_STORAGE_PREFIX } from '../../src/lib/storage-prefix';
import { openDb, type DbHandle } from '../../api/db/index';
import { distDir, registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';
import { pngBytes } from '../helpers/fixtures/image-encoders';
import { pdfImages, pdfPages, pdfPageTexts, qpdfCheck } from '../helpers/pdf-tool-checks';
import { expectPageTiles, labelledPdf, pageTrail, pdfFile, recordPosts, runAndDownload } from './pdf-tool-journey';

const pdfInfo = (bytes: Uint8Array) => {
  const pages = pdfPages(bytes);
  return { pages: pages.length, rotations: pages.map((p) => p.rotation) };
};

/**
 * The browser PDF tools with the network off (issue 30, docs/pdf-tools-offline.md): after one
 * visit the service worker holds the pages and the PDF tools worker; a run spends the offline
 * allowance (the balance last seen, less the uses waiting) and is queued; back online, every
 * waiting use is recorded with the server exactly once. Results are read by qpdf and poppler.
 */

/** Empties the HTTP cache and cuts the network: from here only the service worker can answer. */
async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  // A CDP session left open makes later navigations report navigator.onLine as true again.
  await cdp.detach();
  await context.setOffline(true);
}

const note = (page: Page) => page.getByTestId('pdf-offline-uses');

/** Opens each tool once online (key, heading), so its page remembers the conversions left for it. */
async function visitOnline(page: Page, tools: ReadonlyArray<readonly [string, string]>): Promise<void> {
  for (const [tool, heading] of tools) {
    await page.goto(`/products/pdf/${tool}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    // Until the app has kept the tool's balance (offline/balance-cache.ts, written once the answer
    // has rendered), not only until the answer arrived: leaving at once lost it now and then, and
    // the next offline run was refused as never seen (CI, 2026-11-29; 3 of 16 runs here).
    await page.waitForFunction(
      ([key, convertType]) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { balances?: Record<string, number> }).balances?.[convertType] !== undefined,
      [`${DEFAULT_STORAGE_PREFIX}pdfTools.offlineBalance`, tool] as const,
    );
  }
}

describe('PDF tools offline', () => {
  let harness: Harness;
  let db: DbHandle;

  beforeAll(async () => {
    harness = await startHarness({ registrations: 10 });
    db = openDb({ sqlitePath: join(harness.dataDir, 'app.db') });
  }, 900_000);
  afterAll(async () => {
    await db?.close();
    await harness?.close();
  });

  /** A new account in a browser profile whose service worker may run; its conversions set to `left`. */
  async function newUser(prefix: string, left?: number) {
    const { page, context } = await harness.open('/', { serviceWorkers: 'allow', acceptDownloads: true });
    page.setDefaultTimeout(30_000);
    const userId = uniqueUserId(prefix);
    await registerThroughUi(page, { userId, email: `${userId}@example.com`, password: 'Pdf-Offline-Passw0rd' });
    if (left !== undefined) {
      const user = await db.db.selectFrom('users').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
      await db.db.updateTable('user_quotas').set({ avail_quota: left }).where('user_id', '=', user.id).where('quota_type', '=', 'TYPE_API').execute();
    }
    // The service worker installs on this first visit and holds every page and worker afterwards.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    return { page, context, userId };
  }

  const avail = async (page: Page) => ((await (await page.request.get('/api/v1/config/limit')).json()) as { data: { availCount: number } }).data.availCount;

  async function history(page: Page) {
    const answer = (await (await page.request.get('/api/v1/my/history?page=1&pageSize=50')).json()) as {
      data: { list: { status: number; engine: string; input: { files: { name: string }[] }; output: { convertType: string; filesInfos: { convertFileName: string }[] } }[] };
    };
    return answer.data.list;
  }

  it('merges and splits (en), organises and makes images (zh) offline, refuses a run past the allowance, and records every use once back online', async () => {
    const { page, context } = await newUser('pdfoff', 4);
    const posts = recordPosts(page);

    // One visit to each tool online: the page remembers the conversions left (4) for it.
    await visitOnline(page, [
      ['pdf-merge', 'Merge PDF'],
      ['pdf-split', 'Split PDF'],
      ['pdf-organize', 'Organise pages'],
      ['pdf-to-image', 'PDF to images'],
    ]);
    expect(await avail(page)).toBe(4);

    // The PDF tools worker and every script these pages ran are held by the service worker.
    const workers = readdirSync(join(distDir, 'assets'))
      .filter((f) => /^pdf-tools\.worker-.+\.js$/.test(f))
      .map((f) => `/assets/${f}`);
    expect(workers.length).toBe(1);
    const uncached = await page.evaluate(async (workerUrls) => {
      await navigator.serviceWorker.ready;
      const scripts = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((path) => /\.m?js$/.test(path));
      const missing = [];
      for (const path of [...scripts, ...workerUrls, '/pdfjs/standard_fonts/FoxitSerif.pfb', '/pdfjs/standard_fonts/LiberationSans-Regular.ttf'].filter((p, i, all) => all.indexOf(p) === i)) {
        if (!(await caches.match(path, { ignoreSearch: true }))) missing.push(path);
      }
      return missing;
    }, workers);
    expect(uncached, 'files the service worker does not hold (vite.config.ts precache)').toEqual([]);

    await page.goto('/products/pdf/pdf-merge');
    await page.getByRole('heading', { level: 1, name: 'Merge PDF' }).waitFor();
    await goOffline(context, page);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Merge PDF' }).waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    const postsBefore = posts.length;
    /** The conversion calls made since the network went off, complete's id replaced. */
    const conversionCalls = () =>
      posts
        .slice(postsBefore)
        .map((r) => new URL(r.url()).pathname)
        .filter((path) => path.startsWith('/api/v1/document/'))
        .map((path) => path.replace(/\/document\/[^/]+\/complete$/, '/document/:id/complete'));

    // (en) Merge two PDFs offline.
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('alpha.pdf', await labelledPdf('Alpha', 2)), pdfFile('beta.pdf', await labelledPdf('Beta', 1))]);
    await page.getByTestId('pdf-file-row').filter({ hasText: 'beta.pdf' }).getByText('1 page').waitFor();
    const merged = await runAndDownload(page, 'Merge PDFs');
    expect(qpdfCheck(merged.bytes).status).toBe(0);
    expect(pdfInfo(merged.bytes).pages).toBe(3);
    expect(pdfPageTexts(merged.bytes)).toEqual(['Alpha page 1', 'Alpha page 2', 'Beta page 1']);
    await note(page).getByText('1 offline use will be recorded when you are back online.').waitFor();

    // (en) Split one offline, every page its own file.
    await page.goto('/products/pdf/pdf-split');
    await page.getByRole('heading', { level: 1, name: 'Split PDF' }).waitFor();
    await note(page).getByText('1 offline use will be recorded when you are back online.').waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('delta.pdf', await labelledPdf('Delta', 3))]);
    await page.getByTestId('pdf-chosen-file').getByText('3 pages').waitFor();
    await page.getByRole('radio', { name: 'Every few pages' }).check();
    await page.getByRole('spinbutton', { name: 'Pages per file' }).fill('1');
    const split = await runAndDownload(page, 'Split PDF');
    expect(split.name).toBe('delta.zip');
    const parts = await JSZip.loadAsync(split.bytes);
    const partNames = Object.keys(parts.files).sort();
    expect(partNames).toHaveLength(3);
    for (const [i, entry] of partNames.entries()) {
      const part = await parts.file(entry)!.async('uint8array');
      expect(qpdfCheck(part).status, entry).toBe(0);
      expect(pdfInfo(part).pages, entry).toBe(1);
      expect(pdfPageTexts(part), entry).toEqual([`Delta page ${i + 1}`]);
    }
    await note(page).getByText('2 offline uses will be recorded when you are back online.').waitFor();

    // (zh) The language switched offline; organise (turn a page) and PDF to images.
    await page.getByTestId('language-toggle').first().click();
    await page.getByRole('link', { name: '价格' }).first().waitFor();
    await page.goto('/products/pdf/pdf-organize');
    await page.getByRole('heading', { level: 1, name: '整理页面' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('整理.pdf', await labelledPdf('Zheng', 2))]);
    await expectPageTiles(page, 2);
    await page.getByRole('button', { name: '向右旋转第 2 页' }).click();
    const organised = await runAndDownload(page, '保存新的 PDF');
    expect(qpdfCheck(organised.bytes).status).toBe(0);
    expect(pdfInfo(organised.bytes)).toEqual({ pages: 2, rotations: [0, 90] });
    await note(page).getByText('3 次离线使用将在你恢复联网后记录。').waitFor();

    await page.goto('/products/pdf/pdf-to-image');
    await page.getByRole('heading', { level: 1, name: 'PDF 转图片' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('报告.pdf', await labelledPdf('Bao', 2))]);
    await page.getByTestId('pdf-chosen-file').getByText('2 页').waitFor();
    const images = await runAndDownload(page, '生成图片');
    expect(images.name).toBe('报告.zip');
    const zip = await JSZip.loadAsync(images.bytes);
    const imageNames = Object.keys(zip.files).sort();
    expect(imageNames).toEqual(['报告-p001.png', '报告-p002.png']);
    for (const entry of imageNames) {
      const png = Buffer.from(await zip.file(entry)!.async('uint8array'));
      expect(png.subarray(0, 8).toString('hex'), entry).toBe('89504e470d0a1a0a');
      // A 300 × 400 pt page at the default 150 dpi.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], entry).toEqual([625, 833]);
    }
    await note(page).getByText('4 次离线使用将在你恢复联网后记录。').waitFor();

    // A fifth run would spend more than the 4 conversions left: refused in Chinese, nothing made or queued.
    await page.getByRole('button', { name: '重新开始' }).click();
    await page.getByTestId('pdf-run').click();
    await page.getByTestId('pdf-run-error').getByText('你目前处于离线状态，此操作所需的转换次数超过了你上次联网时剩余的次数。请连接网络后重试。').waitFor();
    await expect(page.getByTestId('pdf-result').count()).resolves.toBe(0);
    await note(page).getByText('4 次离线使用将在你恢复联网后记录。').waitFor();
    // Offline, no quota call was even tried.
    expect(conversionCalls()).toEqual([]);

    // Back online: the four uses are recorded in order, exactly once each, and the note goes.
    await context.setOffline(false);
    await note(page).waitFor({ state: 'detached', timeout: 30_000 });
    expect(conversionCalls()).toEqual(Array.from({ length: 4 }, () => ['/api/v1/document/convert', '/api/v1/document/:id/complete']).flat());
    const starts = posts.slice(postsBefore).filter((r) => new URL(r.url()).pathname === '/api/v1/document/convert');
    expect(starts.map((r) => r.postDataJSON())).toEqual([
      { convertType: 'pdf-merge', engine: 'browser', files: [{ name: 'alpha.pdf', size: expect.any(Number) }, { name: 'beta.pdf', size: expect.any(Number) }] },
      { convertType: 'pdf-split', engine: 'browser', files: [{ name: 'delta.pdf', size: expect.any(Number) }] },
      { convertType: 'pdf-organize', engine: 'browser', files: [{ name: '整理.pdf', size: expect.any(Number) }] },
      { convertType: 'pdf-to-image', engine: 'browser', files: [{ name: '报告.pdf', size: expect.any(Number) }] },
    ]);
    const list = await history(page);
    expect(list.map((h) => h.output.convertType).sort()).toEqual(['pdf-merge', 'pdf-organize', 'pdf-split', 'pdf-to-image']);
    for (const h of list) {
      expect(h.status, h.output.convertType).toBe(ConversionStatus.SUCCEEDED);
      expect(h.engine).toBe('browser');
    }
    expect(list.find((h) => h.output.convertType === 'pdf-split')?.output.filesInfos.map((f) => f.convertFileName)).toEqual(['delta.zip']);
    expect(list.find((h) => h.output.convertType === 'pdf-to-image')?.output.filesInfos.map((f) => f.convertFileName)).toEqual(['报告.zip']);
    expect(await avail(page)).toBe(0);

    // A reload (app start) online finds nothing left to send.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'PDF 转图片' }).waitFor();
    await page.waitForTimeout(1000);
    await expect(note(page).count()).resolves.toBe(0);
    expect((await history(page)).length).toBe(4);
    await context.close();
  });

  it('signs with a typed name (en), compares two versions and makes a PDF from pictures (zh) offline, each use recorded once back online', async () => {
    const { page, context } = await newUser('pdfoff2', 3);
    // This journey has hung once in CI and once under load (a run offline that never ended); not
    // reproduced in 12 runs since. What the page said is printed if it fails again.
    const trail = pageTrail(page);
    onTestFailed(async () => {
      const shown = await page.locator('[data-testid^="pdf-run"], [data-testid="pdf-result"], [data-testid^="compare-"], [role="alert"]').allTextContents().catch(() => []);
      console.log(`What the page said:\n${trail.join('\n')}\nWhat it showed: ${JSON.stringify(shown)}`);
    });
    const posts = recordPosts(page);
    await visitOnline(page, [
      ['pdf-sign', 'Sign PDF'],
      ['pdf-compare', 'Compare PDFs'],
      ['image-to-pdf', 'Images to PDF'],
    ]);

    await page.goto('/products/pdf/pdf-sign');
    await page.getByRole('heading', { level: 1, name: 'Sign PDF' }).waitFor();
    await goOffline(context, page);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sign PDF' }).waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    const postsBefore = posts.length;

    // (en) A name typed in the shipped handwriting font (held by the service worker), placed on page 1.
    await page.getByRole('tab', { name: 'Type' }).click();
    await page.getByTestId('sign-type-name').fill('Jane Doe');
    await expect.poll(() => page.getByTestId('sign-typed-preview').evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(40);
    await page.getByRole('button', { name: 'Use this signature' }).click();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('lease.pdf', await labelledPdf('Lease', 2))]);
    await page.getByRole('img', { name: 'Page 1', exact: true }).waitFor();
    await page.getByTestId('sign-add').click();
    await page.getByTestId('sign-summary').getByText('1 signature, on page 1').waitFor();
    const signed = await runAndDownload(page, 'Sign PDF');
    expect(signed.name).toBe('lease-signed.pdf');
    expect(qpdfCheck(signed.bytes).status).toBe(0);
    expect(pdfImages(signed.bytes).filter((i) => i.type === 'image').map((i) => i.page)).toEqual([1]);
    expect(pdfPageTexts(signed.bytes)).toEqual(['Lease page 1', 'Lease page 2']);
    await note(page).getByText('1 offline use will be recorded when you are back online.').waitFor();

    // (zh) Compare: two pages changed, a report of the newer version downloaded.
    await page.getByTestId('language-toggle').first().click();
    await page.getByRole('link', { name: '价格' }).first().waitFor();
    await page.goto('/products/pdf/pdf-compare');
    await page.getByRole('heading', { level: 1, name: 'PDF 比较' }).waitFor();
    const newer = await labelledPdf('Final', 2);
    await page.getByTestId('compare-older').getByTestId('pdf-file-input').setInputFiles([pdfFile('草稿.pdf', await labelledPdf('Draft', 2))]);
    await page.getByTestId('compare-newer').getByTestId('pdf-file-input').setInputFiles([pdfFile('定稿.pdf', newer)]);
    await page.getByTestId('compare-summary').getByText('2 处差异').waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), page.getByTestId('pdf-run').and(page.getByRole('button', { name: '下载比较报告' })).click()]);
    expect(download.suggestedFilename()).toBe('定稿-compared.pdf');
    const report = readFileSync(await download.path());
    expect(qpdfCheck(report).status).toBe(0);
    expect(pdfPageTexts(report)).toEqual(pdfPageTexts(newer));
    await note(page).getByText('2 次离线使用将在你恢复联网后记录。').waitFor();

    // (zh) Two pictures into one PDF, in order.
    await page.goto('/products/pdf/image-to-pdf');
    await page.getByRole('heading', { level: 1, name: '图片转 PDF' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([
      { name: '红.png', mimeType: 'image/png', buffer: pngBytes(400, 200, () => [200, 30, 30]) },
      { name: '蓝.png', mimeType: 'image/png', buffer: pngBytes(200, 400, () => [30, 30, 200]) },
    ]);
    await expect.poll(() => page.getByTestId('pdf-file-row').count()).toBe(2);
    const made = await runAndDownload(page, '生成 PDF');
    expect(qpdfCheck(made.bytes).status).toBe(0);
    expect(pdfInfo(made.bytes).pages).toBe(2);
    expect(pdfImages(made.bytes).filter((i) => i.type === 'image').map((i) => [i.page, i.width, i.height])).toEqual([
      [1, 400, 200],
      [2, 200, 400],
    ]);
    await note(page).getByText('3 次离线使用将在你恢复联网后记录。').waitFor();
    expect(posts.slice(postsBefore).map((r) => new URL(r.url()).pathname)).toEqual([]);

    // Back online: the three uses recorded in order, once each; nothing was uploaded.
    await context.setOffline(false);
    await note(page).waitFor({ state: 'detached', timeout: 30_000 });
    const calls = posts.slice(postsBefore);
    const starts = calls.filter((r) => new URL(r.url()).pathname === '/api/v1/document/convert');
    expect(starts.map((r) => (r.postDataJSON() as { convertType: string }).convertType)).toEqual(['pdf-sign', 'pdf-compare', 'image-to-pdf']);
    for (const request of calls) expect(request.postDataBuffer()?.includes('%PDF-') ?? false, request.url()).toBe(false);
    const list = await history(page);
    expect(list.map((h) => h.output.convertType).sort()).toEqual(['image-to-pdf', 'pdf-compare', 'pdf-sign']);
    for (const h of list) expect(h.status, h.output.convertType).toBe(ConversionStatus.SUCCEEDED);
    expect(await avail(page)).toBe(0);
    await context.close();
  });

  it('refuses an offline run when the conversions left were never seen, and runs nothing (en)', async () => {
    const { page, context } = await newUser('pdfoffno');
    const posts = recordPosts(page);
    await goOffline(context, page);
    // Never opened online: the page comes from the service worker, but no balance is known.
    await page.goto('/products/pdf/pdf-split');
    await page.getByRole('heading', { level: 1, name: 'Split PDF' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('delta.pdf', await labelledPdf('Delta', 2))]);
    await page.getByTestId('pdf-chosen-file').getByText('2 pages').waitFor();
    await page.getByRole('radio', { name: 'Every few pages' }).check();
    await page.getByRole('spinbutton', { name: 'Pages per file' }).fill('1');
    await page.getByTestId('pdf-run').click();
    await page
      .getByTestId('pdf-run-error')
      .getByText('You are offline, and how many conversions you have left is not known yet. Open this tool once while online; after that it works offline too.')
      .waitFor();
    await expect(page.getByTestId('pdf-result').count()).resolves.toBe(0);
    await expect(note(page).count()).resolves.toBe(0);

    await context.setOffline(false);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Split PDF' }).waitFor();
    await page.waitForTimeout(1000);
    expect(posts.map((r) => new URL(r.url()).pathname)).not.toContain('/api/v1/document/convert');
    expect(await history(page)).toEqual([]);
    expect(await avail(page)).toBe(20);
    await context.close();
  });
});
