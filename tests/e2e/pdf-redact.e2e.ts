import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../helpers/fixtures/image-encoders';
import { cjkFontPath, renderPdf } from '../helpers/fixtures/pdfs';
import { registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';
import { withFile } from '../helpers/pdf-tool-checks';

const EMAIL = 'alice.wong@example.com';
const KEPT_EMAIL = 'bob.lee@example.org';
const PHONE = '13812345678';
const ID_CARD = '11010519491231002X';
const NAME = '张三丰';
/** The picture, in points from the top left of the A4 page (595.28 × 841.89). */
const PICTURE = { x: 300, y: 300, width: 200, height: 120 };
const A4 = { width: 595.28, height: 841.89 };

/** One A4 page of personal data among words that must stay, and a red picture. */
function personnelPdf(): Promise<Uint8Array> {
  const font = cjkFontPath();
  if (!font) throw new Error('fonts-noto-cjk is needed for this test');
  return renderPdf(
    (doc) => {
      doc.registerFont('cjk', font, 'NotoSansCJKsc-Regular');
      doc.font('Helvetica').fontSize(12);
      doc.text(`Contact ${EMAIL} about the harbour`, 72, 100, { lineBreak: false });
      doc.text(`Mobile ${PHONE} office desk`, 72, 130, { lineBreak: false });
      doc.font('cjk').text(`身份证 ${ID_CARD} 档案保留`, 72, 160, { lineBreak: false });
      doc.text(`负责人${NAME}负责港口项目`, 72, 190, { lineBreak: false });
      doc.font('Helvetica').text(`Backup ${KEPT_EMAIL} stays`, 72, 220, { lineBreak: false });
      doc.image(solidPng(100, 60, [230, 20, 20]), PICTURE.x, PICTURE.y, { width: PICTURE.width, height: PICTURE.height });
    },
    { size: 'A4', margin: 0 },
  );
}


const pdftotext = (bytes: Uint8Array) => withFile(bytes, (file) => spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' '));
const qpdfCheck = (bytes: Uint8Array) => withFile(bytes, (file) => spawnSync('qpdf', ['--check', file]).status);
/** The colour pdftoppm draws at a point of page 1 (72 dpi, so one pixel per point). */
const colourAt = (bytes: Uint8Array, x: number, y: number) =>
  withFile(bytes, (file) => {
    const ppm = spawnSync('pdftoppm', ['-r', '72', '-f', '1', '-l', '1', '-x', String(Math.round(x)), '-y', String(Math.round(y)), '-W', '1', '-H', '1', file]).stdout;
    return [...ppm.subarray(ppm.length - 3)];
  });

async function runAndDownload(page: Page, action: string): Promise<Buffer> {
  await page.getByTestId('pdf-run').and(page.getByRole('button', { name: action })).click();
  const result = page.getByTestId('pdf-result');
  await result.waitFor({ timeout: 90_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: /^(Download|下载)$/ }).click()]);
  expect(download.suggestedFilename()).toBe('personnel-redacted.pdf');
  return readFileSync(await download.path());
}

const hit = (page: Page, text: string) => page.locator(`[data-testid="redact-hit"][data-hit="${text}"]`);

/** Drags a box over `box` (points) on the large page view. */
async function drawOver(page: Page, box: { x: number; y: number; width: number; height: number }): Promise<void> {
  const stage = page.getByTestId('redact-stage');
  await stage.getByRole('img').waitFor();
  // The page view is taller than the window: bring the box's middle to the window's middle first.
  const middle = (box.y + box.height / 2) / A4.height;
  await stage.evaluate((el, share) => {
    const r = el.getBoundingClientRect();
    window.scrollBy(0, r.top + r.height * share - window.innerHeight / 2);
  }, middle);
  const rect = (await stage.boundingBox())!;
  const at = (x: number, y: number) => [rect.x + (x / A4.width) * rect.width, rect.y + (y / A4.height) * rect.height] as const;
  const [x0, y0] = at(box.x, box.y);
  const [x1, y1] = at(box.x + box.width, box.y + box.height);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, { steps: 3 });
  await page.mouse.move(x1, y1, { steps: 3 });
  await page.mouse.up();
}

describe('Redact PDF journey', () => {
  let harness: Harness;
  let input: Uint8Array;

  beforeAll(async () => {
    harness = await startHarness();
    input = await personnelPdf();
  }, 900_000);
  afterAll(async () => harness?.close());

  it('finds the hits, keeps the one unticked, draws a box and removes the rest for real, in English then Chinese', async () => {
    const { page } = await harness.open('/', { acceptDownloads: true });
    page.setDefaultTimeout(30_000);
    const userId = uniqueUserId('redact');
    await registerThroughUi(page, { userId, email: `${userId}@example.com`, password: 'Redact-Passw0rd' });

    // English: the presets find the e-mails, the phone and the ID number; the name is typed.
    await page.goto('/products/pdf/pdf-redact');
    await page.getByRole('heading', { level: 1, name: 'Redact PDF' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([{ name: 'personnel.pdf', mimeType: 'application/pdf', buffer: Buffer.from(input) }]);
    await page.getByRole('textbox', { name: 'Words and names to remove' }).fill(NAME);
    for (const text of [EMAIL, KEPT_EMAIL, PHONE, ID_CARD, NAME]) await hit(page, text).waitFor();
    await expect.poll(() => page.getByTestId('redact-hit').count()).toBe(5);
    await hit(page, KEPT_EMAIL).uncheck();
    await page.getByTestId('redact-hit-summary').getByText('4 of 5 hits will be removed', { exact: false }).waitFor();
    await expect.poll(() => page.getByTestId('redact-mark').count()).toBeGreaterThanOrEqual(8);
    await drawOver(page, { x: PICTURE.x + 10, y: PICTURE.y + 10, width: 80, height: 60 });
    await expect.poll(() => page.getByTestId('redact-drawn').count()).toBe(1);
    // At phone width nothing overflows sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });

    const english = await runAndDownload(page, 'Redact PDF');
    expect(qpdfCheck(english)).toBe(0);
    const text = pdftotext(english);
    console.log(`en result: ${text}`);
    for (const gone of [EMAIL, PHONE, ID_CARD, NAME]) expect(text).not.toContain(gone);
    for (const kept of ['Contact', 'about the harbour', 'office desk', '档案保留', '负责人', '负责港口项目', KEPT_EMAIL]) expect(text).toContain(kept);
    expect(colourAt(english, PICTURE.x + 50, PICTURE.y + 40)).toEqual([0, 0, 0]);
    expect(colourAt(english, PICTURE.x + 150, PICTURE.y + 100)[0]).toBeGreaterThan(200);

    // Chinese: the ID number is kept this time, the rest goes.
    await page.getByTestId('language-toggle').first().click();
    await page.getByRole('link', { name: '价格' }).first().waitFor();
    await page.goto('/products/pdf/pdf-redact');
    await page.getByTestId('pdf-file-input').setInputFiles([{ name: 'personnel.pdf', mimeType: 'application/pdf', buffer: Buffer.from(input) }]);
    await page.getByRole('textbox', { name: '要删除的词语和姓名' }).fill(NAME);
    // The search runs in a worker: wait for each hit, as in English, before counting (a bare
    // count polled for a second found none in a loaded CI run).
    for (const text of [EMAIL, KEPT_EMAIL, PHONE, ID_CARD, NAME]) await hit(page, text).waitFor();
    await expect.poll(() => page.getByTestId('redact-hit').count()).toBe(5);
    await hit(page, ID_CARD).uncheck();
    await page.getByTestId('redact-hit-summary').getByText('共 5 处，将删除其中 4 处', { exact: false }).waitFor();
    const chinese = await runAndDownload(page, '涂黑并删除');
    expect(qpdfCheck(chinese)).toBe(0);
    const zh = pdftotext(chinese);
    console.log(`zh result: ${zh}`);
    for (const gone of [EMAIL, KEPT_EMAIL, PHONE, NAME]) expect(zh).not.toContain(gone);
    for (const kept of [ID_CARD, '身份证', '负责人', '负责港口项目', 'about the harbour']) expect(zh).toContain(kept);
  }, 240_000);
});
