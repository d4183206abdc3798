import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillAlphas, pageWords, stampFixture } from '../../api/pdf/stamp-test-support';
import { pngBytes } from '../helpers/fixtures/image-encoders';
import { startHarness, type Harness } from './harness';
import { withFile } from '../helpers/pdf-tool-checks';
import { newToolUser as newUser } from './pdf-tool-journey';

/**
 * Page numbers and watermarks (issue 30) as a user meets them, in English and in Chinese: the
 * results read back by qpdf and poppler.
 */


const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' });
const qpdfCheck = (bytes: Uint8Array) => withFile(bytes, (file) => run('qpdf', ['--check', file]).status);
const pageCount = (bytes: Uint8Array) => withFile(bytes, (file) => Number(/^Pages:\s+(\d+)/m.exec(run('pdfinfo', [file]).stdout)?.[1]));
const texts = (bytes: Uint8Array) => pageWords(bytes).map((p) => p.words.map((w) => w.text).join(' '));
const imagePages = (bytes: Uint8Array) =>
  withFile(bytes, (file) =>
    run('pdfimages', ['-list', file])
      .stdout.split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => Number(line.trim().split(/\s+/)[0])),
  );


async function runAndDownload(page: Page, action: string): Promise<{ name: string; bytes: Buffer }> {
  await page.getByTestId('pdf-run').and(page.getByRole('button', { name: action })).click();
  const result = page.getByTestId('pdf-result');
  await result.waitFor({ timeout: 90_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: /^(Download|下载)$/ }).click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

const pdfFile = (name: string, buffer: Uint8Array) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(buffer) });

describe('PDF stamps journeys', () => {
  let harness: Harness;
  let fixture: Uint8Array;

  beforeAll(async () => {
    harness = await startHarness({ registrations: 4 });
    fixture = await stampFixture();
  }, 900_000);
  afterAll(async () => harness?.close());

  it('numbers pages 2-3 as "Page n of total", then tiles a picture over page 4, at phone width (en)', async () => {
    const page = await newUser(harness, 'stampen');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/products/pdf/pdf-page-numbers');
    await page.getByRole('heading', { level: 1, name: 'Page numbers' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('report.pdf', fixture)]);
    await page.getByRole('radio', { name: 'My own format' }).check();
    await page.getByTestId('stamp-template-custom').fill('Page');
    await page.getByText('The format needs {n} where the number goes').waitFor();
    await expect(page.getByTestId('pdf-run').isDisabled()).resolves.toBe(true);
    await page.getByRole('radio', { name: 'Page 1 of 12' }).check();
    await page.getByTestId('stamp-pages').fill('2-3');
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const numbered = await runAndDownload(page, 'Add page numbers');
    expect(numbered.name).toBe('report-numbered.pdf');
    expect(qpdfCheck(numbered.bytes)).toBe(0);
    expect(texts(numbered.bytes)).toEqual(['Body page 1', 'Body page 2 Page 1 of 2', 'Body page 3 Page 2 of 2', 'Body page 4']);

    await page.goto('/products/pdf/pdf-watermark');
    await page.getByRole('heading', { level: 1, name: 'Watermark' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('report.pdf', fixture)]);
    await page.getByRole('radio', { name: 'Picture' }).check();
    await page.getByTestId('stamp-image-input').setInputFiles([{ name: 'logo.png', mimeType: 'image/png', buffer: pngBytes(90, 45, (x) => [x * 2, 80, 200]) }]);
    await page.getByTestId('stamp-image-preview').waitFor();
    await page.getByTestId('stamp-position').selectOption('tile');
    await page.getByTestId('stamp-pages').fill('4');
    const marked = await runAndDownload(page, 'Add watermark');
    expect(qpdfCheck(marked.bytes)).toBe(0);
    expect(pageCount(marked.bytes)).toBe(4);
    const shown = imagePages(marked.bytes);
    expect(shown.length).toBeGreaterThan(3);
    expect(new Set(shown)).toEqual(new Set([4]));
    expect(fillAlphas(marked.bytes)).toContain(0.3);
  });

  it('watermarks with Chinese text and numbers pages in Chinese (zh)', async () => {
    const page = await newUser(harness, 'stampzh');
    await page.getByTestId('language-toggle').first().click();
    await page.getByRole('link', { name: '价格' }).first().waitFor();
    await page.goto('/products/pdf/pdf-watermark');
    await page.getByRole('heading', { level: 1, name: '添加水印' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('报告.pdf', fixture)]);
    await page.getByTestId('stamp-text').fill('机密文件 Confidential');
    await page.getByTestId('stamp-rotation').fill('0');
    await page.getByText('旋转：0°').waitFor();
    await page.getByTestId('stamp-opacity').fill('50');
    const marked = await runAndDownload(page, '添加水印');
    expect(marked.name).toBe('报告-watermarked.pdf');
    expect(qpdfCheck(marked.bytes)).toBe(0);
    for (const text of texts(marked.bytes)) expect(text).toContain('机密文件 Confidential');
    expect(fillAlphas(marked.bytes)).toContain(0.5);

    await page.goto('/products/pdf/pdf-page-numbers');
    await page.getByRole('heading', { level: 1, name: '添加页码' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('报告.pdf', fixture)]);
    await page.getByRole('radio', { name: '第 1 页，共 12 页' }).check();
    await page.getByTestId('stamp-start').fill('3');
    const numbered = await runAndDownload(page, '添加页码');
    expect(qpdfCheck(numbered.bytes)).toBe(0);
    expect(texts(numbered.bytes).map((t) => t.replace(/^Body page \d /, ''))).toEqual(['第 3 页，共 6 页', '第 4 页，共 6 页', '第 5 页，共 6 页', '第 6 页，共 6 页']);
  });
});
