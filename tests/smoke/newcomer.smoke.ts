import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QaAnswer, QaBot, QaImportResultBody } from '@contracts/ai-qa.js';
import type { History } from '@contracts/documents.js';
import { ConversionStatus } from '@contracts/statuses.js';
import { EN_PAIRS } from '../fixtures/qa/docuflow-en.js';
import { qaCsv } from '../fixtures/qa/documents.js';
import { WORDS, bilingualDocx, bilingualPptx, bilingualXlsx } from '../helpers/fixtures/office.js';
import { bilingualWorkbook, BILINGUAL_WORKBOOK_JSON } from '../helpers/fixtures/spreadsheets.js';
import { makeImages } from '../helpers/fixtures/images.js';
import { scannedPagePdf, SCAN_ENGLISH } from '../helpers/ocr-scan.js';
import { makeClip, probeFile } from '../helpers/video-fixtures.js';
import { freePort } from '../helpers/free-port.js';
import { saveZip, waitForCards } from '../helpers/image-tools-page.js';
import { overHttp, TestClient } from '../helpers/test-client.js';
import { launchChromium, pageOpener, registerThroughUi, uniqueUserId } from '../e2e/harness.js';
import { labelledPdf, pdfFile, runAndDownload } from '../e2e/pdf-tool-journey.js';
import { freshCopy, npmStart, removeCopy, type StartedProduct } from './fresh-copy.js';

/**
 * The product as a newcomer runs it: `npm start` in a fresh copy of the tree, default settings
 * (a relative `data/` folder, SQLite, the LibreOffice pool), driven over HTTP and in Chromium.
 * Every other suite starts the server in process with an absolute folder of its own, which is
 * how the default start broke every LibreOffice conversion without a red test (issue 26).
 */
const run = promisify(execFile);

/** A new account signed up through the UI in a fresh browser profile, downloads allowed. */
async function signedUpPage(opener: ReturnType<typeof pageOpener>, prefix: string): Promise<Page> {
  const { page } = await opener.open('/', { acceptDownloads: true });
  page.setDefaultTimeout(30_000);
  const userId = uniqueUserId(prefix);
  await registerThroughUi(page, { userId, email: `${userId}@example.com`, password: 'Newcomer-Passw0rd' });
  return page;
}

describe('the product started as the README says', () => {
  let copy: string;
  let product: StartedProduct;
  let browser: Browser;
  let scratch: string;
  let c: TestClient;

  beforeAll(async () => {
    copy = freshCopy();
    scratch = mkdtempSync(join(tmpdir(), 'docuflow-newcomer-files-'));
    // A build that is not up to date is made by `npm start` itself (a few minutes).
    product = await npmStart(copy, await freePort(), 400_000);
    browser = await launchChromium();
    c = new TestClient(overHttp(product.url));
    const register = await c.post('/api/v1/user/register', { userId: uniqueUserId('smoke'), password: 'Newcomer-Passw0rd', email: 'newcomer@example.com', agree: true });
    expect(register.code, product.output()).toBe(200);
  }, 420_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    if (copy) removeCopy(copy);
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  /** Upload, convert on the server, wait for the record, download: the result's bytes. */
  async function convertOnServer(convertType: string, name: string, bytes: Uint8Array, options?: unknown): Promise<Buffer> {
    const form = new FormData();
    form.append('convertType', convertType);
    if (options !== undefined) form.append('options', JSON.stringify(options));
    form.append('files', new Blob([bytes as BlobPart]), name);
    const submitted = await c.upload<{ documentId: string }>('/api/v1/document/submit', form);
    expect(submitted.code, `${name}: upload`).toBe(200);
    expect((await c.post('/api/v1/document/convert', { documentId: submitted.data.documentId })).code, `${name}: convert`).toBe(200);
    let record: History;
    for (const started = Date.now(); ; await new Promise((r) => setTimeout(r, 250))) {
      record = (await c.get<History>(`/api/v1/document/${submitted.data.documentId}`)).data;
      if (record.status !== ConversionStatus.CONVERTING || Date.now() - started > 90_000) break;
    }
    expect(record.status, `${name} → ${convertType}: ${record.reason ?? ''}\n${product.output().slice(-4000)}`).toBe(ConversionStatus.SUCCEEDED);
    const res = await c.raw(record.output.filesInfos[0]!.convertFileUrl);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  // Tools run without blocking the event loop: a blocked loop keeps a keep-alive socket the
  // server has since closed, and the next request fails on it ("other side closed").
  async function pdfText(pdf: Buffer): Promise<string> {
    const file = join(scratch, `${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(file, pdf);
    return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;
  }

  async function pdfInfo(pdf: Buffer, password?: string): Promise<string> {
    const file = join(scratch, `${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(file, pdf);
    return (await run('pdfinfo', [...(password ? ['-upw', password] : []), file])).stdout;
  }

  /** A Word 97 file made from the bilingual DOCX by LibreOffice's command line, apart from the product. */
  async function legacyDoc(): Promise<Uint8Array> {
    const docx = join(scratch, 'letter.docx');
    writeFileSync(docx, await bilingualDocx());
    const profile = `file://${join(scratch, 'profile')}`;
    await run('soffice', [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'doc', '--outdir', scratch, docx], { timeout: 120_000 });
    return new Uint8Array(readFileSync(join(scratch, 'letter.doc')));
  }

  it('converts Word, Excel and PowerPoint to PDF, PowerPoint to HTML and a legacy .doc with LibreOffice on the default data folder', async () => {
    for (const [type, name, bytes] of [
      ['word-to-pdf', 'report.docx', await bilingualDocx()],
      ['excel-to-pdf', 'sheet.xlsx', await bilingualXlsx()],
      ['ppt-to-pdf', 'deck.pptx', await bilingualPptx()],
      ['word-to-pdf', 'letter.doc', await legacyDoc()],
    ] as const) {
      const pdf = await convertOnServer(type, name, bytes);
      expect(pdf.subarray(0, 5).toString('latin1'), name).toBe('%PDF-');
      expect(await pdfText(pdf), name).toMatch(/你好世界|季度报告|Quarterly/);
    }
    const html = (await convertOnServer('ppt-to-html', 'deck.pptx', await bilingualPptx())).toString('utf8');
    expect(html).toMatch(/<html/i);
    expect(html).toMatch(new RegExp(`${WORDS.chinese}|${WORDS.chineseMore}|Quarterly`));
  }, 300_000);

  it('protects, unlocks and compresses a PDF with qpdf and Ghostscript on the default data folder', async () => {
    const pdf = await convertOnServer('word-to-pdf', 'report.docx', await bilingualDocx());
    const password = 'Newcomer secret 7';
    const locked = await convertOnServer('pdf-protect', 'report.pdf', pdf, { userPassword: password });
    expect(await pdfInfo(locked, password)).toMatch(/Encrypted:\s+yes.*AES.*256/i);
    await expect(pdfText(locked)).rejects.toThrow();
    const unlocked = await convertOnServer('pdf-unlock', 'report-protected.pdf', locked, { password });
    expect(await pdfInfo(unlocked)).toMatch(/Encrypted:\s+no/);
    expect(await pdfText(unlocked)).toMatch(/你好世界|季度报告|Quarterly/);
    const smaller = await convertOnServer('pdf-compress', 'report.pdf', pdf, { preset: 'screen' });
    expect(smaller.byteLength).toBeLessThanOrEqual(pdf.byteLength);
    expect(await pdfText(smaller)).toMatch(/你好世界|季度报告|Quarterly/);
  }, 240_000);

  it('numbers, watermarks, repairs, redacts and OCRs a PDF with pdfkit, qpdf, PyMuPDF and OCRmyPDF on the default data folder', async () => {
    const pdf = await convertOnServer('word-to-pdf', 'report.docx', await bilingualDocx());
    expect(await pdfText(await convertOnServer('pdf-page-numbers', 'report.pdf', pdf, { template: '第 {n} 页' }))).toMatch(/第\s*1\s*页/);
    // Level, so pdftotext reads it as one line (a turned watermark comes out a character a line).
    expect(await pdfText(await convertOnServer('pdf-watermark', 'report.pdf', pdf, { text: '机密文件', rotation: 0 }))).toMatch(/机\s*密\s*文\s*件/);
    expect(await pdfInfo(await convertOnServer('pdf-repair', 'report.pdf', pdf, {}))).toMatch(/Optimized:\s+yes/);
    const redacted = await convertOnServer('pdf-redact', 'report.pdf', pdf, { regions: [{ page: 1, x: 0, y: 0, width: 10_000, height: 10_000 }] });
    expect((await pdfText(redacted)).trim()).toBe('');
    // A scan: page 1 drawn at 200 dpi and wrapped back as a picture-only PDF, apart from the product.
    const page = join(scratch, 'scan');
    writeFileSync(`${page}.pdf`, pdf);
    await run('pdftoppm', ['-r', '200', '-f', '1', '-l', '1', '-png', '-singlefile', `${page}.pdf`, page]);
    const scan = await PDFDocument.create();
    const picture = await scan.embedPng(readFileSync(`${page}.png`));
    scan.addPage([picture.width * 0.36, picture.height * 0.36]).drawImage(picture, { x: 0, y: 0, width: picture.width * 0.36, height: picture.height * 0.36 });
    const scanned = Buffer.from(await scan.save());
    expect((await pdfText(scanned)).trim()).toBe('');
    expect(await pdfText(await convertOnServer('pdf-ocr', 'scan.pdf', scanned, {}))).toMatch(/你好世界|季度报告|Quarterly/);
  }, 300_000);

  it('answers a QA bot built from an uploaded FAQ', async () => {
    const pairs = EN_PAIRS.slice(0, 12).map(({ id: _id, ...p }) => p);
    const bot = await c.post<QaBot>('/api/v1/ai/qa/bots', { name: 'Smoke desk' });
    expect(bot.code).toBe(200);
    const form = new FormData();
    form.append('file', new File([new Uint8Array(qaCsv(pairs))], 'faq.csv'));
    expect((await c.upload<QaImportResultBody>(`/api/v1/ai/qa/bots/${bot.data.botId}/documents`, form)).data).toEqual({ imported: pairs.length, errors: [] });
    const answer = await c.post<QaAnswer>(`/api/v1/ai/qa/bots/${bot.data.botId}/ask`, { question: pairs[0]!.question });
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ answered: true, answer: pairs[0]!.answer });

    // The sentence model's thread starts under `npm start` too: the bot's texts get their vectors,
    // the bot is calibrated, and it answers by meaning and words from then on.
    const deadline = Date.now() + 90_000;
    let got = (await c.get<QaBot>(`/api/v1/ai/qa/bots/${bot.data.botId}`)).data;
    while (!(got.semantic && got.semantic.ready === got.semantic.total && got.calibration) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      got = (await c.get<QaBot>(`/api/v1/ai/qa/bots/${bot.data.botId}`)).data;
    }
    expect(got.semantic?.total).toBeGreaterThan(pairs.length);
    expect(got.semantic?.ready).toBe(got.semantic?.total);
    expect(got.threshold).toBe(got.calibration?.suggested);
    const again = await c.post<QaAnswer>(`/api/v1/ai/qa/bots/${bot.data.botId}/ask`, { question: pairs[0]!.question });
    expect(again.data).toMatchObject({ answered: true, answer: pairs[0]!.answer });
  }, 150_000);

  it('converts on the device and saves an image batch as a zip in Chromium', async () => {
    const opener = pageOpener(browser, product.url);
    try {
      const page = await signedUpPage(opener, 'smk');

      await page.goto('/products/convert/excel-to-json');
      await page.getByTestId('convert-file-input').setInputFiles({
        name: 'inventory.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: Buffer.from(await bilingualWorkbook()),
      });
      const task = page.getByTestId('convert-task').filter({ hasText: 'inventory.xlsx' });
      await task.and(page.locator('[data-status="success"]')).waitFor({ timeout: 60_000 });
      const [json] = await Promise.all([page.waitForEvent('download'), task.getByRole('button', { name: /^Download/ }).click()]);
      expect(JSON.parse(readFileSync(await json.path(), 'utf8'))).toEqual(BILINGUAL_WORKBOOK_JSON);

      await page.goto('/products/imageTools');
      await page.getByTestId('image-file-input').setInputFiles(await makeImages(page, 3));
      await waitForCards(page, 3);
      await page.getByRole('switch', { name: 'Format and quality' }).check();
      await page.getByLabel('Format', { exact: true }).selectOption('webp');
      const zip: JSZip = await saveZip(page);
      const names = Object.keys(zip.files);
      expect(names).toHaveLength(3);
      for (const name of names) expect(Buffer.from(await zip.file(name)!.async('uint8array')).toString('ascii', 8, 12), name).toBe('WEBP');
    } finally {
      await opener.close();
    }
  }, 240_000);

  it('merges a password-protected PDF on the device after asking for its password (qpdf in WebAssembly, served by the product)', async () => {
    const plain = join(scratch, 'locked-plain.pdf');
    const locked = join(scratch, 'locked.pdf');
    writeFileSync(plain, await labelledPdf('Locked', 2));
    await run('qpdf', ['--encrypt', 'Smoke-Secret-1', 'owner-secret', '256', '--', plain, locked]);
    const opener = pageOpener(browser, product.url);
    try {
      const page = await signedUpPage(opener, 'smkpw');
      await page.goto('/products/pdf/pdf-merge');
      await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('open.pdf', await labelledPdf('Open', 1)), pdfFile('locked.pdf', readFileSync(locked))]);
      const dialog = page.getByRole('alertdialog', { name: '“locked.pdf” is protected' });
      await dialog.getByLabel('Password').fill('Smoke-Secret-1');
      await dialog.getByRole('button', { name: 'Open' }).click();
      await page.getByTestId('pdf-file-row').filter({ hasText: 'locked.pdf' }).getByText('2 pages').waitFor();
      const merged = await runAndDownload(page, 'Merge PDFs');
      expect(await pdfInfo(merged.bytes)).toMatch(/^Encrypted:\s+no$/m);
      const text = await pdfText(merged.bytes);
      expect(text).toContain('Open page 1');
      expect(text).toContain('Locked page 2');
    } finally {
      await opener.close();
    }
  }, 120_000);

  it('sells a bundle through the built-in sandbox payment, then trims a clip in the video tools (cross-origin isolated, ffmpeg.wasm served by the product)', async () => {
    const clip = makeClip(scratch, { seconds: 6, width: 320, height: 240, keyframeEvery: 1 });
    const opener = pageOpener(browser, product.url);
    try {
      const page = await signedUpPage(opener, 'smkpay');
      const limit = () => page.evaluate(async () => ((await (await fetch('/api/v1/config/limit')).json()) as { data: { availCount: number } }).data.availCount);
      const before = await limit();
      await page.goto('/pricing');
      await page.getByRole('button', { name: 'Buy Monthly' }).click();
      await page.getByRole('button', { name: 'Pay now · $9.99' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/payment/sandbox/'));
      await page.getByRole('button', { name: 'Pay $9.99' }).click();
      await page.locator('[data-testid="payment-result"][data-outcome="paid"]').waitFor();
      expect(await limit()).toBe(before + 300);

      // Into the video tools by the header's link: a document load that makes the page isolated.
      await page.getByRole('navigation').getByRole('link', { name: 'Video tools' }).first().click();
      await page.waitForFunction(() => crossOriginIsolated);
      await page.getByTestId('video-panel-card-cropping').getByRole('link', { name: 'Open' }).click();
      await page.getByTestId('crop-file').setInputFiles(clip);
      await page.getByTestId('video-info').filter({ hasText: '320×240' }).waitFor({ timeout: 60_000 });
      await page.getByTestId('trim-start').fill('1');
      await page.getByTestId('trim-end').fill('4');
      await page.getByTestId('mode-exact').check();
      await page.getByTestId('trim-run').click();
      await page.getByTestId('video-job-done').or(page.getByTestId('video-job-error')).waitFor({ timeout: 180_000 });
      expect(await page.getByTestId('video-job-error').count(), (await page.getByTestId('video-job-error').allTextContents()).join(' ')).toBe(0);
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('video-result').first().click()]);
      const trimmed = join(scratch, 'trimmed.mp4');
      await file.saveAs(trimmed);
      const probed = probeFile(trimmed);
      expect(Math.abs(probed.duration - 3)).toBeLessThanOrEqual(0.1);
      expect(probed.videoCodec).toBe('h264');
    } finally {
      await opener.close();
    }
  }, 300_000);

  it('reads a scanned PDF into Word on the device (tesseract.js and its data served by the product, under its isolation headers)', async () => {
    const opener = pageOpener(browser, product.url);
    try {
      const page = await signedUpPage(opener, 'smkocr');
      await page.goto('/products/convert/pdf-to-word');
      const scan = await scannedPagePdf(300, { chinese: false });
      await page.getByTestId('convert-file-input').setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from(scan) });
      const task = page.getByTestId('convert-task').filter({ hasText: 'scan.pdf' });
      await task.and(page.locator('[data-status="success"], [data-status="failed"]')).waitFor({ timeout: 150_000 });
      expect(await task.getAttribute('data-status'), (await task.textContent()) ?? '').toBe('success');
      await expect(task.getByTestId('task-recognised').textContent()).resolves.toMatch(/^Scanned pages read by OCR: 1 \(confidence \d+%\)$/);
      const [download] = await Promise.all([page.waitForEvent('download'), task.getByRole('button', { name: /^Download/ }).click()]);
      const docx = await JSZip.loadAsync(readFileSync(await download.path()));
      const xml = (await docx.file('word/document.xml')?.async('string')) ?? '';
      expect(xml).not.toMatch(/txbxContent|v:textbox|wps:txbx/);
      const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(' ');
      expect(text).toContain(SCAN_ENGLISH[0]);
      expect(text).toContain('lazy dog');
    } finally {
      await opener.close();
    }
  }, 240_000);

  it('keeps its data in ./data of the folder it was started in', () => {
    expect(() => readFileSync(join(copy, 'data', 'app.db'))).not.toThrow();
  });
});
