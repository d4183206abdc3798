import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charErrorRate, expectedText, scannedPagePdf, spacesBetweenHan } from '../helpers/ocr-scan';
import { pdfImages, pdfPages, qpdfCheck } from '../helpers/pdf-tool-checks';
import { startHarness, type Harness } from './harness';
import { newToolUser as newUser } from './pdf-tool-journey';

/** Searchable scans (issue 30): a scanned page OCR'd on the server through the page, read back by qpdf and poppler. */


const pdfFile = (name: string, buffer: Uint8Array) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(buffer) });

async function runAndDownload(page: Page, action: string): Promise<{ name: string; bytes: Buffer }> {
  await page.getByTestId('pdf-run').and(page.getByRole('button', { name: action })).click();
  const result = page.getByTestId('pdf-result');
  await result.waitFor({ timeout: 90_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: /^(Download|下载)$/ }).click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

describe('Searchable scans (OCR) journeys', () => {
  let harness: Harness;
  let dir: string;
  let scan: Uint8Array;
  const pdftotext = (bytes: Uint8Array) => {
    writeFileSync(join(dir, 'read.pdf'), bytes);
    return spawnSync('pdftotext', [join(dir, 'read.pdf'), '-'], { encoding: 'utf8' }).stdout;
  };
  /** What a reader sees of the result: valid, the same page and picture as the scan. */
  const expectSamePage = (bytes: Uint8Array) => {
    expect(qpdfCheck(bytes).status).toBe(0);
    expect(pdfPages(bytes)).toEqual(pdfPages(scan));
    expect(pdfImages(bytes).map(({ width, height }) => `${width}x${height}`)).toEqual(pdfImages(scan).map(({ width, height }) => `${width}x${height}`));
  };

  beforeAll(async () => {
    harness = await startHarness({ registrations: 10 });
    dir = mkdtempSync(join(tmpdir(), 'pdf-ocr-e2e-'));
    scan = await scannedPagePdf(200);
  }, 900_000);
  afterAll(async () => {
    await harness?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('makes a scan searchable in English and Chinese, and asks for at least one language (en)', async () => {
    const page = await newUser(harness, 'ocre');
    await page.goto('/products/pdf/pdf-ocr');
    await page.getByRole('heading', { level: 1, name: 'Searchable scans (OCR)' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('scan.pdf', scan)]);
    await page.getByText('Pages that already have text (not scans) are left as they are.').waitFor();

    // Both languages off: the page says why and will not run.
    await page.getByRole('checkbox', { name: 'English' }).uncheck();
    await page.getByRole('checkbox', { name: 'Chinese (Simplified)' }).uncheck();
    await page.getByRole('alert').getByText('Choose at least one language.').waitFor();
    expect(await page.getByTestId('pdf-run').isDisabled()).toBe(true);
    // Keyboard: the English box is reached and ticked with the space bar.
    await page.getByRole('checkbox', { name: 'English' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('checkbox', { name: 'Chinese (Simplified)' }).check();
    expect(await page.getByRole('alert').count()).toBe(0);

    const { name, bytes } = await runAndDownload(page, 'Make searchable');
    expect(name).toBe('scan-searchable.pdf');
    expectSamePage(bytes);
    const text = pdftotext(bytes);
    const cer = charErrorRate(expectedText(), text);
    console.log(`pdf-ocr e2e (en): eng+chi_sim CER ${(cer * 100).toFixed(2)}%, ${spacesBetweenHan(text)} spaces between Han`);
    expect(cer).toBeLessThanOrEqual(0.05);
    expect(spacesBetweenHan(text)).toBe(0);
    await page.getByText('Open the PDF and search it (Ctrl+F) or select the text to copy it.').waitFor();
  });

  it('reads Chinese only, fits a phone, and says a protected PDF must be unlocked first (zh)', async () => {
    const page = await newUser(harness, 'ocrz');
    await page.getByTestId('language-toggle').first().click();
    await page.getByRole('link', { name: '价格' }).first().waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/products/pdf/pdf-ocr');
    await page.getByRole('heading', { level: 1, name: '扫描件 OCR 识别' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('扫描.pdf', scan)]);
    await page.getByRole('checkbox', { name: '英文' }).uncheck();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    const { name, bytes } = await runAndDownload(page, '识别文字');
    expect(name).toBe('扫描-searchable.pdf');
    expectSamePage(bytes);
    const text = pdftotext(bytes);
    const chinese = text
      .split('\n')
      .filter((line) => /\p{Script=Han}/u.test(line))
      .join('\n');
    const cer = charErrorRate(expectedText({ english: false }), chinese);
    console.log(`pdf-ocr e2e (zh): chi_sim only, Chinese lines CER ${(cer * 100).toFixed(2)}%, ${spacesBetweenHan(text)} spaces between Han`);
    expect(cer).toBeLessThanOrEqual(0.05);
    expect(spacesBetweenHan(text)).toBe(0);

    // A protected scan fails on the server, and the page says what to do in Chinese.
    writeFileSync(join(dir, 'plain.pdf'), scan);
    expect(spawnSync('qpdf', ['--encrypt', 'pw', 'pw', '256', '--', join(dir, 'plain.pdf'), join(dir, 'locked.pdf')]).status).toBe(0);
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('加密.pdf', readFileSync(join(dir, 'locked.pdf')))]);
    await page.getByTestId('pdf-run').and(page.getByRole('button', { name: '识别文字' })).click();
    await page.getByTestId('pdf-run-error').getByText('这个 PDF 有密码。请先用“解除 PDF 密码”去掉密码。').waitFor({ timeout: 60_000 });
  });
});
