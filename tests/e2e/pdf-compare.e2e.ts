import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cjkFontPath, renderPdf } from '../helpers/fixtures/pdfs';
import { registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';

/** Compare PDFs (issue 30): two versions read and diffed on the device, the report checked by qpdf and poppler. */

const cjk = cjkFontPath();
/** One line per `text` call, Chinese in Noto Sans CJK SC (embedded) when the font is installed. */
const versionPdf = (pages: string[][]) =>
  renderPdf((doc) => {
    if (cjk) doc.registerFont('cjk', cjk, 'NotoSansCJKsc-Regular');
    pages.forEach((lines, i) => {
      if (i > 0) doc.addPage();
      for (const [k, line] of lines.entries()) if (cjk || !/[\u4e00-\u9fff]/u.test(line)) doc.font(/[\u4e00-\u9fff]/u.test(line) ? 'cjk' : 'Helvetica').fontSize(14).text(line, 72, 100 + k * 30, { lineBreak: false });
    });
  }).then((bytes) => Buffer.from(bytes));

const FIRST = ['Service agreement between the parties.'];
const LAST = ['Signed in London on the first of May.'];
const OLDER = [FIRST, ['The fee is due within thirty days.', '本合同的服务费用为每月五百元。'], LAST];
const NEWER = [FIRST, ['The charge is due within sixty days.', '本合同的服务收费为每月五百元。'], LAST];
/** fee → charge, thirty → sixty, and 费用 → 收费 when the CJK font is there. */
const CHANGES = cjk ? 3 : 2;

function withFile<T>(bytes: Uint8Array, read: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-compare-e2e-'));
  try {
    writeFileSync(join(dir, 'f.pdf'), bytes);
    return read(join(dir, 'f.pdf'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' });
const pdfText = (bytes: Uint8Array) => withFile(bytes, (f) => run('pdftotext', [f, '-']).stdout);

async function newUser(harness: Harness, prefix: string, chinese: boolean): Promise<Page> {
  const { page } = await harness.open('/', { acceptDownloads: true });
  page.setDefaultTimeout(30_000);
  const userId = uniqueUserId(prefix);
  await registerThroughUi(page, { userId, email: `${userId}@example.com`, password: 'Pdf-Compare-Passw0rd' });
  if (chinese) {
    await page.getByTestId('language-toggle').first().click();
    await page.getByRole('link', { name: '价格' }).first().waitFor();
  }
  await page.goto('/products/pdf/pdf-compare');
  return page;
}

const pick = (page: Page, side: 'older' | 'newer', name: string, buffer: Buffer) =>
  page.getByTestId(`compare-${side}`).getByTestId('pdf-file-input').setInputFiles([{ name, mimeType: 'application/pdf', buffer }]);
const currentItem = (page: Page) => page.locator('[data-testid="compare-change"][aria-current="true"]');

describe('Compare PDFs journey', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  }, 900_000);
  afterAll(async () => harness?.close());

  it('shows the changes side by side, steps through them and downloads the marked newer version, nothing uploaded (en)', async () => {
    const page = await newUser(harness, 'cmpen', false);
    const posts: Request[] = [];
    page.on('request', (request) => request.method() !== 'GET' && posts.push(request));
    await page.getByRole('heading', { level: 1, name: 'Compare PDFs' }).waitFor();
    const older = await versionPdf(OLDER);
    const newer = await versionPdf(NEWER);
    // Picked the wrong way round, then swapped.
    await pick(page, 'older', 'contract-v2.pdf', newer);
    await pick(page, 'newer', 'contract-v1.pdf', older);
    await page.getByTestId('compare-swap').click();
    await expect(page.getByTestId('compare-older').textContent()).resolves.toContain('contract-v1.pdf');

    const summary = page.getByTestId('compare-summary');
    await expect.poll(() => summary.getAttribute('data-count'), { timeout: 60_000 }).toBe(String(CHANGES));
    await expect(summary.textContent()).resolves.toBe(`${CHANGES} differences`);
    await expect(page.getByTestId('compare-change').allTextContents()).resolves.toEqual(
      ['Page 2: “fee” → “charge”', 'Page 2: “thirty” → “sixty”', 'Page 2: “费用” → “收费”'].slice(0, CHANGES),
    );
    // Both pages 2 are drawn, the change marked red on the left and green on the right.
    const newerPage = page.getByTestId('compare-page-newer');
    await expect(newerPage.getAttribute('data-page')).resolves.toBe('2');
    await expect.poll(() => newerPage.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId('compare-page-older').locator('[data-current][data-kind="removed"]').count()).resolves.toBe(1);
    await expect(newerPage.locator('[data-current][data-kind="added"]').count()).resolves.toBe(1);

    // Next, then the arrow keys in the list.
    await page.getByTestId('compare-next').click();
    await expect(page.getByTestId('compare-position').textContent()).resolves.toBe(`Difference 2 of ${CHANGES}`);
    await expect(currentItem(page).textContent()).resolves.toContain('thirty');
    await expect(newerPage.locator('[data-current]').getAttribute('data-change')).resolves.toBe('1');
    await currentItem(page).focus();
    await page.keyboard.press('ArrowUp');
    await expect(currentItem(page).textContent()).resolves.toContain('fee');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toContain('fee');
    await expect(page.getByTestId('compare-prev').isDisabled()).resolves.toBe(true);

    // A phone: the pages stack, nothing overflows sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), page.getByTestId('pdf-run').and(page.getByRole('button', { name: 'Download report' })).click()]);
    expect(download.suggestedFilename()).toBe('contract-v2-compared.pdf');
    const report = readFileSync(await download.path());
    expect(withFile(report, (f) => run('qpdf', ['--check', f]).status)).toBe(0);
    expect(withFile(report, (f) => /^Pages:\s+(\d+)/m.exec(run('pdfinfo', [f]).stdout)?.[1])).toBe('3');
    expect(pdfText(report)).toBe(pdfText(newer));
    console.log('report', report.length, 'bytes; text page 2:', pdfText(report).split('\f')[1]?.trim().replace(/\s+/g, ' '));

    // Nothing was uploaded: one start (a unit spent) and one report of success, both small.
    const paths = posts.map((r) => new URL(r.url()).pathname);
    expect(paths).not.toContain('/api/v1/document/submit');
    for (const request of posts) expect((request.postDataBuffer() ?? Buffer.alloc(0)).length, request.url()).toBeLessThan(4096);
    expect(posts.find((r) => new URL(r.url()).pathname === '/api/v1/document/convert')?.postDataJSON()).toMatchObject({ convertType: 'pdf-compare', engine: 'browser' });
    expect(posts.find((r) => /\/complete$/.test(new URL(r.url()).pathname))?.postDataJSON()).toMatchObject({ success: true });
  });

  it('says when there is no difference, then lists the changes in Chinese (zh)', async () => {
    const page = await newUser(harness, 'cmpzh', true);
    await page.getByRole('heading', { level: 1, name: 'PDF 比较' }).waitFor();
    const older = await versionPdf(OLDER);
    await pick(page, 'older', '合同-旧.pdf', older);
    await pick(page, 'newer', '合同-同.pdf', older);
    await page.getByTestId('compare-none').getByText('没有差异：两个版本的文字完全相同。').waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('pdf-run').count()).resolves.toBe(0);

    await pick(page, 'newer', '合同-新.pdf', await versionPdf(NEWER));
    await page.getByTestId('compare-summary').getByText(`${CHANGES} 处差异`).waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('compare-change').first().textContent()).resolves.toBe('第 2 页：“fee” → “charge”');
    await page.getByTestId('compare-next').click();
    await expect(page.getByTestId('compare-position').textContent()).resolves.toBe(`第 2 处，共 ${CHANGES} 处`);
    await expect(page.getByTestId('compare-page-newer').getByRole('img').getAttribute('alt')).resolves.toBe('新版本第 2 页');
  });
});
