import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

/**
 * Issue 12, reading assistant: a visitor opens a PDF made here (Chinese paragraphs, an English
 * page, a bookmark and a scanned page), selects a Chinese paragraph and sees its glosses with the
 * network off; outline, search and zoom work; the scanned page gets OCR text.
 */
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const CHINESE_1 = '客服机器人可以回答常见问题，节省人工客服的时间。';
const CHINESE_2 = '阅读助手帮助你理解外语文档。';
const ENGLISH = 'The robot reads every page. A second robot checks the glossary.';
const SCANNED = 'Scanned invoices become searchable text';

let dir = '';
let pdfPath = '';
let harness: Harness;

function writePdf(path: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 72 });
    const out = createWriteStream(path);
    out.on('finish', resolve);
    out.on('error', reject);
    doc.pipe(out);
    draw(doc);
    doc.end();
  });
}

async function makeFixture(): Promise<string> {
  const scanPdf = join(dir, 'scan.pdf');
  await writePdf(scanPdf, (doc) => doc.font('Helvetica').fontSize(20).text(SCANNED));
  execFileSync('pdftoppm', ['-r', '200', '-png', '-singlefile', scanPdf, join(dir, 'scan')]);
  const path = join(dir, 'reader.pdf');
  await writePdf(path, (doc) => {
    doc.font(CJK_FONT, 'NotoSansCJKsc-Regular').fontSize(14);
    doc.outline.addItem('第一章');
    doc.text(CHINESE_1).moveDown().text(CHINESE_2);
    doc.addPage();
    doc.outline.addItem('Chapter 2');
    doc.font('Helvetica').fontSize(14).text(ENGLISH);
    doc.addPage();
    doc.image(readFileSync(join(dir, 'scan.png')), 72, 72, { width: 450 });
  });
  return path;
}

async function openReader(): Promise<{ page: Page; context: import('playwright-core').BrowserContext }> {
  const { page, context } = await harness.open('/products/reader');
  await page.getByTestId('pdf-input').setInputFiles(pdfPath);
  await page.locator('[data-page="1"][data-rendered="true"]').waitFor({ timeout: 30_000 });
  return { page, context };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'reading-e2e-'));
  pdfPath = await makeFixture();
  harness = await startHarness();
}, 600_000);

afterAll(async () => {
  await harness?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('reading assistant', () => {
  it('glosses a selected Chinese paragraph with the network off', async () => {
    const { page, context } = await openReader();
    // The text layer is selectable text.
    await expect.poll(() => page.locator('[data-page="1"] .textLayer').innerText()).toContain('客服机器人');
    await page.getByRole('tab', { name: 'Paragraphs' }).click();
    const paragraph = page.getByTestId('paragraph-view').locator('[data-paragraph-id="p1-1"]');
    await expect.poll(() => paragraph.innerText()).toBe(CHINESE_1);
    await page.getByText('Select text or click a word to see its meaning.').waitFor({ timeout: 30_000 });

    await context.setOffline(true);
    await paragraph.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      el.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    });
    const panel = page.getByTestId('gloss-panel');
    await expect.poll(() => panel.innerText()).toContain('机器人');
    const text = await panel.innerText();
    expect(text).toContain('客服');
    expect(text).toContain('customer service');
    expect(text).toContain('jī qì rén');
    expect(text).toMatch(/robot/i);

    // A clicked word is glossed on its own, still offline.
    await page.getByTestId('paragraph-view').locator('[data-paragraph-id="p1-2"]').click({ position: { x: 5, y: 10 } });
    await expect.poll(() => panel.innerText()).toContain('yuè dú');
    await context.setOffline(false);
  }, 120_000);

  it('follows the outline, searches with highlights and zooms', async () => {
    const { page } = await openReader();
    await page.getByRole('tab', { name: 'Outline' }).click();
    await page.getByTestId('outline').getByText('Chapter 2').click();
    await expect.poll(() => page.getByRole('spinbutton', { name: 'Page number' }).inputValue()).toBe('2');

    await page.getByRole('searchbox', { name: 'Search the document' }).fill('robot');
    await expect.poll(() => page.getByTestId('search-count').innerText()).toBe('1 of 2');
    await page.locator('[data-page="2"] .reading-hit').first().waitFor();
    await page.getByTestId('search-next').click();
    await expect.poll(() => page.getByTestId('search-count').innerText()).toBe('2 of 2');

    const before = await page.getByTestId('zoom-level').innerText();
    await page.getByTestId('zoom-in').click();
    await expect.poll(() => page.getByTestId('zoom-level').innerText()).not.toBe(before);
    const width = await page.locator('[data-page="1"]').evaluate((el) => el.getBoundingClientRect().width);
    await page.getByTestId('zoom-out').click();
    await expect.poll(() => page.locator('[data-page="1"]').evaluate((el) => el.getBoundingClientRect().width)).toBeLessThan(width);
  }, 120_000);

  it('reads a scanned page with OCR', async () => {
    const { page } = await openReader();
    await page.getByTestId('ocr-run').click({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Paragraphs' }).click();
    await expect.poll(() => page.getByTestId('paragraph-view').innerText(), { timeout: 120_000 }).toMatch(/Scanned invoices become searchable/i);
    await expect.poll(() => page.getByTestId('paragraph-view').locator('[data-paragraph-id="p3-ocr1"]').count()).toBe(1);
  }, 180_000);
});
