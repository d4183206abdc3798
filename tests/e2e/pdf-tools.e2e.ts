import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes } from '../helpers/fixtures/image-encoders';
import { pdfkitPdfWithBookmarks } from '../helpers/fixtures/pdf-tool-inputs';
import { startHarness, type Harness } from './harness';
import { withFile } from '../helpers/pdf-tool-checks';
import { expectPageTiles, labelledPdf, newToolUser as newUser, pdfFile, recordPosts, runAndDownload } from './pdf-tool-journey';

/**
 * The PDF tools (issue 30) as a user meets them: pick files, set the options, run, download; the
 * results read back by qpdf and poppler (pdfinfo, pdftotext), never by our own code.
 */

// ---- Fixtures, made here ----

/** xorshift32: noise a deflater cannot shrink, the same on every run. */
let seed = 0x9e3779b9;
const noise = (): [number, number, number] => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return [seed & 255, (seed >>> 8) & 255, (seed >>> 16) & 255];
};

/** A two-page PDF around a large, noisy picture: what compression has work to do on. */
async function pictureHeavyPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(pngBytes(900, 900, noise));
  for (let i = 0; i < 2; i++) doc.addPage([595, 842]).drawImage(image, { x: 40, y: 200, width: 515, height: 515 });
  return Buffer.from(await doc.save());
}

// ---- Checks with tools we did not write ----


const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' });

/** `qpdf --check` (with the password when given): exit 0 means no errors. */
const qpdfCheck = (bytes: Uint8Array, password?: string) =>
  withFile(bytes, (file) => run('qpdf', [...(password === undefined ? [] : [`--password=${password}`]), '--check', file]).status);

function pdfInfo(bytes: Uint8Array, password?: string): { pages: number; rotations: number[]; encrypted: string; pageSizes: string[] } {
  return withFile(bytes, (file) => {
    const pw = password === undefined ? [] : ['-upw', password];
    const head = run('pdfinfo', [...pw, file]).stdout;
    const pages = Number(/^Pages:\s+(\d+)/m.exec(head)?.[1] ?? NaN);
    const detail = run('pdfinfo', [...pw, '-f', '1', '-l', String(pages), file]).stdout;
    const rotations = Array.from({ length: pages }, (_, i) => Number(new RegExp(`^Page\\s+${i + 1} rot:\\s+(\\d+)`, 'm').exec(detail)?.[1]));
    const pageSizes = Array.from({ length: pages }, (_, i) => new RegExp(`^Page\\s+${i + 1} size:\\s+([\\d.]+ x [\\d.]+)`, 'm').exec(detail)?.[1] ?? '');
    return { pages, rotations, encrypted: /^Encrypted:\s+(.*)$/m.exec(head)?.[1] ?? '', pageSizes };
  });
}

const pageTexts = (bytes: Uint8Array): string[] =>
  withFile(bytes, (file) => {
    const pages = run('pdftotext', [file, '-']).stdout.split('\f');
    pages.pop();
    return pages.map((p) => p.replace(/\s+/g, ' ').trim());
  });

// ---- Journey steps ----


function expectNoUpload(posts: Request[], convertType: string): void {
  const paths = posts.map((r) => new URL(r.url()).pathname);
  expect(paths).not.toContain('/api/v1/document/submit');
  for (const request of posts) expect((request.postDataBuffer() ?? Buffer.alloc(0)).length, request.url()).toBeLessThan(4096);
  const start = posts.find((r) => new URL(r.url()).pathname === '/api/v1/document/convert');
  expect(start?.postDataJSON()).toMatchObject({ convertType, engine: 'browser' });
  const complete = posts.find((r) => /\/api\/v1\/document\/[^/]+\/complete$/.test(new URL(r.url()).pathname));
  expect(complete?.postDataJSON()).toMatchObject({ success: true });
}

describe('PDF tools journeys', () => {
  let harness: Harness;

  beforeAll(async () => {
    // Every journey signs up its own user: more than the 10 an hour one address may.
    harness = await startHarness({ registrations: 30 });
  }, 900_000);
  afterAll(async () => harness?.close());

  it('merges two PDFs in the chosen order on the device, with no upload (en)', async () => {
    const page = await newUser(harness, 'pdfm');
    const posts = recordPosts(page);
    await page.goto('/products/pdf/pdf-merge');
    await page.getByRole('heading', { level: 1, name: 'Merge PDF' }).waitFor();
    await expect(page.getByTestId('pdf-accepts').textContent()).resolves.toBe('Accepted: PDF');

    // Other types are refused by name.
    await page.getByTestId('pdf-file-input').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await page.getByTestId('pdf-refused').getByText('Not added: notes.txt. This tool takes PDF files only.').waitFor();

    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('alpha.pdf', await labelledPdf('Alpha', 2)), pdfFile('beta.pdf', await labelledPdf('Beta', 3))]);
    const rows = page.getByTestId('pdf-file-row');
    await rows.filter({ hasText: 'alpha.pdf' }).getByText('2 pages').waitFor();
    await rows.filter({ hasText: 'beta.pdf' }).getByText('3 pages').waitFor();
    // First-page thumbnails drawn by pdf.js in the worker.
    await expect.poll(() => page.getByRole('img', { name: 'First page of beta.pdf' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // Keyboard reordering: beta first.
    await page.getByRole('button', { name: 'Move beta.pdf up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.first().textContent()).toContain('beta.pdf');

    const { name, bytes } = await runAndDownload(page, 'Merge PDFs');
    expect(name).toMatch(/\.pdf$/);
    expect(qpdfCheck(bytes)).toBe(0);
    expect(pdfInfo(bytes).pages).toBe(5);
    expect(pageTexts(bytes)).toEqual(['Beta page 1', 'Beta page 2', 'Beta page 3', 'Alpha page 1', 'Alpha page 2']);
    expectNoUpload(posts, 'pdf-merge');
    const start = posts.find((r) => new URL(r.url()).pathname === '/api/v1/document/convert');
    expect(start?.postDataJSON().files).toHaveLength(2);
  });

  it('organises pages: turns one, deletes one, then extracts a selected page (en)', async () => {
    const page = await newUser(harness, 'pdfo');
    const posts = recordPosts(page);
    await page.goto('/products/pdf/pdf-organize');
    await page.getByRole('heading', { level: 1, name: 'Organise pages' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('gamma.pdf', await labelledPdf('Gamma', 3))]);
    await expectPageTiles(page, 3);

    // At phone width the grid folds into two columns; nothing overflows sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Turn page 1 right' }).click();
    await page.getByRole('button', { name: 'Delete page 2' }).click();
    await expectPageTiles(page, 2);
    await expect(page.locator('[data-testid="pdf-page"][data-page="1"]').getAttribute('data-rotate')).resolves.toBe('90');

    const saved = await runAndDownload(page, 'Save the new PDF');
    expect(qpdfCheck(saved.bytes)).toBe(0);
    const info = pdfInfo(saved.bytes);
    expect(info.pages).toBe(2);
    expect(info.rotations).toEqual([90, 0]);
    expect(pageTexts(saved.bytes)).toEqual(['Gamma page 1', 'Gamma page 3']);
    expectNoUpload(posts, 'pdf-organize');

    // Extract: page 3 alone, into a new PDF.
    await page.getByRole('button', { name: 'Start over' }).click();
    await page.getByRole('checkbox', { name: 'Select page 3' }).check();
    await page.getByTestId('pdf-extract').click();
    const result = page.getByTestId('pdf-result');
    await result.waitFor({ timeout: 90_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: 'Download' }).click()]);
    const extracted = readFileSync(await download.path());
    expect(qpdfCheck(extracted)).toBe(0);
    expect(pageTexts(extracted)).toEqual(['Gamma page 3']);
  });

  it('splits every page into its own PDF, then at each bookmark, in zips (en)', async () => {
    const page = await newUser(harness, 'pdfs');
    const posts = recordPosts(page);
    await page.goto('/products/pdf/pdf-split');
    await page.getByRole('heading', { level: 1, name: 'Split PDF' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('delta.pdf', await labelledPdf('Delta', 3))]);
    await page.getByTestId('pdf-chosen-file').getByText('3 pages').waitFor();
    await page.getByRole('radio', { name: 'Every few pages' }).check();
    await page.getByRole('spinbutton', { name: 'Pages per file' }).fill('1');

    const { name, bytes } = await runAndDownload(page, 'Split PDF');
    expect(name).toBe('delta.zip');
    const zip = await JSZip.loadAsync(bytes);
    const names = Object.keys(zip.files).sort();
    expect(names).toHaveLength(3);
    for (const [i, entry] of names.entries()) {
      const part = await zip.file(entry)!.async('uint8array');
      expect(qpdfCheck(part), entry).toBe(0);
      expect(pdfInfo(part).pages, entry).toBe(1);
      expect(pageTexts(part), entry).toEqual([`Delta page ${i + 1}`]);
    }
    expectNoUpload(posts, 'pdf-split');

    // At each bookmark of a PDF another library wrote: one part per chapter, named after it.
    await page.getByRole('button', { name: 'Start over' }).click();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('book.pdf', Buffer.from(await pdfkitPdfWithBookmarks(['Preface', 'One a', 'One b', 'Two'], { 1: 'Chapter One', 3: 'Chapter Two' })))]);
    await page.getByTestId('pdf-chosen-file').getByText('4 pages').waitFor();
    await page.getByRole('radio', { name: 'At each bookmark' }).check();
    const chapters = await JSZip.loadAsync((await runAndDownload(page, 'Split PDF')).bytes);
    const parts = Object.keys(chapters.files).sort();
    expect(parts).toEqual(['book-01 Chapter One.pdf', 'book-02 Chapter Two.pdf']);
    expect(pageTexts(await chapters.file(parts[0]!)!.async('uint8array'))).toEqual(['Preface', 'One a', 'One b']);
  });

  it('turns a 3-page PDF into PNG images at 72 dpi in a zip, with no upload (en)', async () => {
    const page = await newUser(harness, 'pdfi');
    const posts = recordPosts(page);
    await page.goto('/products/pdf/pdf-to-image');
    await page.getByRole('heading', { level: 1, name: 'PDF to images' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('report.pdf', await labelledPdf('Report', 3))]);
    await page.getByTestId('pdf-chosen-file').getByText('3 pages').waitFor();
    await page.getByRole('radio', { name: /^PNG/ }).check();
    await page.getByRole('radio', { name: '72 dpi (screen)' }).check();

    const { name, bytes } = await runAndDownload(page, 'Make the images');
    expect(name).toBe('report.zip');
    const zip = await JSZip.loadAsync(bytes);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(['report-p001.png', 'report-p002.png', 'report-p003.png']);
    const images = await Promise.all(names.map((entry) => zip.file(entry)!.async('uint8array')));
    for (const [i, image] of images.entries()) {
      // The PNG signature, then the IHDR chunk: width and height, big-endian, at bytes 16 and 20.
      expect(Buffer.from(image.subarray(0, 8)).toString('hex'), names[i]).toBe('89504e470d0a1a0a');
      const header = Buffer.from(image.subarray(12, 24));
      expect(header.toString('latin1', 0, 4)).toBe('IHDR');
      // A 300 × 400 pt page at 72 dpi is 300 × 400 pixels.
      expect([header.readUInt32BE(4), header.readUInt32BE(8)], names[i]).toEqual([300, 400]);
    }
    // Each page says its own number, so no two images are the same.
    expect(new Set(images.map((image) => Buffer.from(image).toString('base64'))).size).toBe(3);
    expectNoUpload(posts, 'pdf-to-image');
  });

  it('finds PDF to images with Ctrl+K in Chinese and refuses a 10,000-page PDF at 300 dpi before drawing, giving the unit back (zh)', async () => {
    const page = await newUser(harness, 'pdfiz');
    const posts = recordPosts(page);
    await page.getByTestId('language-toggle').first().click();
    await page.getByRole('link', { name: '价格' }).first().waitFor();
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').first().pressSequentially('转图片');
    await page.getByRole('option', { name: 'PDF 转图片' }).click();
    await page.getByRole('heading', { level: 1, name: 'PDF 转图片' }).waitFor();

    const doc = await PDFDocument.create();
    for (let i = 0; i < 10_000; i++) doc.addPage([300, 400]);
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('厚.pdf', Buffer.from(await doc.save()))]);
    await page.getByTestId('pdf-chosen-file').getByText('10000 页').waitFor({ timeout: 60_000 });
    await page.getByRole('radio', { name: '300 dpi（打印）' }).check();
    const avail = async () => ((await (await page.request.get('/api/v1/config/limit')).json()) as { data: { availCount: number } }).data.availCount;
    const before = await avail();
    await page.getByTestId('pdf-run').click();
    await page.getByTestId('pdf-run-error').getByText(/页面太多或太大/).waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('pdf-result').count()).resolves.toBe(0);
    const complete = posts.find((r) => /\/api\/v1\/document\/[^/]+\/complete$/.test(new URL(r.url()).pathname));
    expect(complete?.postDataJSON()).toMatchObject({ success: false, reason: 'tooLarge' });
    expect(await avail()).toBe(before);
    expect(posts.map((r) => new URL(r.url()).pathname)).not.toContain('/api/v1/document/submit');
  });

  it('makes a PDF from two pictures in order, at phone width with nothing overflowing (en)', async () => {
    const page = await newUser(harness, 'pdfi');
    const posts = recordPosts(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/products/pdf/image-to-pdf');
    await page.getByRole('heading', { level: 1, name: 'Images to PDF' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([
      { name: 'wide picture with a long name for a narrow phone screen.png', mimeType: 'image/png', buffer: pngBytes(400, 200, () => [200, 30, 30]) },
      { name: 'tall.png', mimeType: 'image/png', buffer: pngBytes(200, 400, () => [30, 30, 200]) },
    ]);
    await expect.poll(() => page.getByTestId('pdf-file-row').count()).toBe(2);
    await page.getByRole('radio', { name: 'Portrait' }).check();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    const { bytes } = await runAndDownload(page, 'Make the PDF');
    expect(qpdfCheck(bytes)).toBe(0);
    const info = pdfInfo(bytes);
    expect(info.pages).toBe(2);
    // A4 portrait, both pages.
    for (const size of info.pageSizes) expect(size).toMatch(/^595\.\d* x 841\.\d*|^595\.\d* x 842/);
    expectNoUpload(posts, 'image-to-pdf');
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  it('merges in Chinese, from the PDF tools menu, with no upload (zh)', async () => {
    const page = await newUser(harness, 'pdfz');
    const posts = recordPosts(page);
    await page.getByTestId('language-toggle').first().click();
    await page.getByRole('link', { name: '价格' }).first().waitFor();
    // The menu opens on hover (a click would toggle it shut again); the new group comes first, and
    // the panel still fits the narrowest desktop header (1024 px).
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByTestId('pdf-tools-trigger').hover();
    const menu = page.getByRole('region', { name: 'PDF 工具' });
    await menu.getByText('整理与加密').waitFor();
    const box = await menu.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(1024);
    await menu.getByRole('link', { name: '合并 PDF' }).click();
    await page.getByRole('heading', { level: 1, name: '合并 PDF' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('甲.pdf', await labelledPdf('Jia', 1)), pdfFile('乙.pdf', await labelledPdf('Yi', 2))]);
    await page.getByTestId('pdf-file-row').filter({ hasText: '乙.pdf' }).getByText('2 页').waitFor();
    // Reordered by dragging: 乙 onto 甲's place.
    const rows = page.getByTestId('pdf-file-row');
    await rows.filter({ hasText: '乙.pdf' }).dragTo(rows.filter({ hasText: '甲.pdf' }));
    await expect.poll(() => rows.first().textContent()).toContain('乙.pdf');
    const { bytes } = await runAndDownload(page, '合并 PDF');
    expect(qpdfCheck(bytes)).toBe(0);
    expect(pageTexts(bytes)).toEqual(['Yi page 1', 'Yi page 2', 'Jia page 1']);
    expectNoUpload(posts, 'pdf-merge');
  });

  it('splits, organises, makes a PDF from pictures, compresses, protects and unlocks in Chinese (zh)', async () => {
    const page = await newUser(harness, 'pdfzt');
    await page.getByTestId('language-toggle').first().click();
    await page.getByRole('link', { name: '价格' }).first().waitFor();

    await page.goto('/products/pdf/pdf-split');
    await page.getByRole('heading', { level: 1, name: '拆分 PDF' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('报告.pdf', await labelledPdf('Bao', 3))]);
    await page.getByTestId('pdf-chosen-file').getByText('3 页').waitFor();
    await page.getByRole('textbox', { name: '页码范围' }).fill('1, 2-');
    const parts = await JSZip.loadAsync((await runAndDownload(page, '拆分 PDF')).bytes);
    expect(Object.keys(parts.files).sort()).toEqual(['报告-p1.pdf', '报告-p2-3.pdf']);

    await page.goto('/products/pdf/pdf-organize');
    await page.getByRole('heading', { level: 1, name: '整理页面' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('整理.pdf', await labelledPdf('Zheng', 2))]);
    await expectPageTiles(page, 2);
    await page.getByRole('button', { name: '向右旋转第 2 页' }).click();
    const organised = await runAndDownload(page, '保存新的 PDF');
    expect(pdfInfo(organised.bytes).rotations).toEqual([0, 90]);

    await page.goto('/products/pdf/image-to-pdf');
    await page.getByRole('heading', { level: 1, name: '图片转 PDF' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([{ name: '照片.png', mimeType: 'image/png', buffer: pngBytes(300, 200, () => [20, 160, 60]) }]);
    await expect.poll(() => page.getByTestId('pdf-file-row').count()).toBe(1);
    await page.getByRole('radio', { name: '与每张图片相同' }).check();
    const made = await runAndDownload(page, '生成 PDF');
    expect(pdfInfo(made.bytes).pageSizes).toEqual(['300 x 200']);

    await page.goto('/products/pdf/pdf-compress');
    await page.getByRole('heading', { level: 1, name: '压缩 PDF' }).waitFor();
    const heavy = await pictureHeavyPdf();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('图片多.pdf', heavy)]);
    await page.getByRole('radio', { name: /^文件最小/ }).check();
    const small = await runAndDownload(page, '压缩 PDF');
    expect(small.bytes.length).toBeLessThan(heavy.length);
    await page.getByTestId('pdf-compress-sizes').getByText(/缩小了 \d+%/).waitFor();
    await page.getByRole('img', { name: '压缩后的第 1 页' }).waitFor();

    const password = '芝麻开门-Open7';
    await page.goto('/products/pdf/pdf-protect');
    await page.getByRole('heading', { level: 1, name: '加密 PDF' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('机密.pdf', await labelledPdf('Mi', 1))]);
    await page.getByLabel('打开密码').fill(password);
    await page.getByLabel('再次输入密码').fill(password);
    const locked = await runAndDownload(page, '加密 PDF');
    expect(pdfInfo(locked.bytes, password).encrypted).toMatch(/yes.*AES/);

    await page.goto('/products/pdf/pdf-unlock');
    await page.getByRole('heading', { level: 1, name: '解除 PDF 密码' }).waitFor();
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('机密-protected.pdf', locked.bytes)]);
    await page.getByLabel('PDF 的密码').fill(password);
    const opened = await runAndDownload(page, '解除密码');
    expect(pdfInfo(opened.bytes).encrypted).toMatch(/^no/);
    expect(pageTexts(opened.bytes)).toEqual(['Mi page 1']);
  });

  it('finds the tools with Ctrl+K, and answers an unknown tool with the not-found page', async () => {
    const page = await newUser(harness, 'pdfn');
    await page.keyboard.press('Control+k');
    const search = page.getByRole('combobox', { name: 'Search tools and pages' });
    await search.pressSequentially('compress');
    await page.getByRole('option', { name: 'Compress PDF' }).click();
    await page.getByRole('heading', { level: 1, name: 'Compress PDF' }).waitFor();

    await page.goto('/products/pdf/pdf-teleport');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expect(page.getByTestId('pdf-tool-page').count()).resolves.toBe(0);
  });

  it('shows the no-conversions-left notice with a link to the packages when the quota is spent (en)', async () => {
    const page = await newUser(harness, 'pdfq');
    await page.goto('/products/pdf/pdf-merge');
    await page.getByRole('heading', { level: 1, name: 'Merge PDF' }).waitFor();
    // Spend the whole trial through the API, as another tab would.
    await page.evaluate(async () => {
      const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
      const post = (path: string, body: unknown) =>
        fetch(`/api/v1${path}`, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token }, body: JSON.stringify(body) }).then(
          (r) => r.json() as Promise<{ code: number; data: { documentId: string } }>,
        );
      for (let i = 0; ; i++) {
        const started = await post('/document/convert', { convertType: 'pdf-merge', engine: 'browser', files: [{ name: `earlier-${i}.pdf`, size: 100 }] });
        if (started.code !== 200) return;
        await post(`/document/${started.data.documentId}/complete`, { success: true, files: [{ name: `merged-${i}.pdf`, size: 100 }] });
      }
    });
    await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('one.pdf', await labelledPdf('One', 1)), pdfFile('two.pdf', await labelledPdf('Two', 1))]);
    await page.getByTestId('pdf-file-row').filter({ hasText: 'two.pdf' }).getByText('1 page').waitFor();
    await page.getByRole('button', { name: 'Merge PDFs' }).click();
    await page.getByText('You have no conversions left. Please purchase a package to continue.').waitFor();
    await page.getByRole('link', { name: 'See packages' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing' && url.searchParams.get('convertType') === 'pdf-merge');
  });

  describe('on the server (qpdf, Ghostscript)', () => {
    it('compresses a picture-heavy PDF and shows the sizes before and after (en)', async () => {
      const page = await newUser(harness, 'pdfc');
      await page.goto('/products/pdf/pdf-compress');
      await page.getByRole('heading', { level: 1, name: 'Compress PDF' }).waitFor();
      const input = await pictureHeavyPdf();
      await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('photos.pdf', input)]);
      await page.getByRole('radio', { name: /^Smallest file/ }).check();
      const { bytes } = await runAndDownload(page, 'Compress PDF');
      expect(qpdfCheck(bytes)).toBe(0);
      expect(pdfInfo(bytes).pages).toBe(2);
      expect(bytes.length).toBeLessThan(input.length);
      const sizes = page.getByTestId('pdf-compress-sizes');
      await expect(sizes.getAttribute('data-before')).resolves.toBe(String(input.length));
      await expect(sizes.getAttribute('data-after')).resolves.toBe(String(bytes.length));
      await expect(page.getByTestId('pdf-compress-target-missed').count()).resolves.toBe(0);
      // Page 1 before and after, drawn on the device before the download.
      for (const which of ['before', 'after']) await page.getByRole('img', { name: `Page 1 ${which} compression` }).waitFor();

      // A size no readable result fits: the smallest readable result, and the page says the size was not reached.
      await page.getByRole('button', { name: 'Start over' }).click();
      await page.getByLabel(/^At most/).fill('0.01');
      const tiny = await runAndDownload(page, 'Compress PDF');
      expect(qpdfCheck(tiny.bytes)).toBe(0);
      expect(tiny.bytes.length).toBeGreaterThan(0.01 * 1024 * 1024);
      await page.getByTestId('pdf-compress-target-missed').getByText(/could not be made as small as/).waitFor();
    });

    it('repairs a PDF with a broken cross-reference table and makes it fast on the web (zh)', async () => {
      const page = await newUser(harness, 'pdfr');
      await page.getByTestId('language-toggle').first().click();
      await page.getByRole('link', { name: '价格' }).first().waitFor();
      await page.goto('/products/pdf/pdf-repair');
      await page.getByRole('heading', { level: 1, name: '修复 PDF' }).waitFor();
      const doc = await PDFDocument.load(await labelledPdf('Broken', 2));
      const broken = Buffer.from(await doc.save({ useObjectStreams: false }));
      broken.write('startxref\n1           ', broken.lastIndexOf('startxref'), 'latin1');
      expect(qpdfCheck(broken)).not.toBe(0);
      await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('损坏.pdf', broken)]);
      await expect(page.getByRole('checkbox', { name: '同时优化为网页快速显示' }).isChecked()).resolves.toBe(true);
      const { name, bytes } = await runAndDownload(page, '修复 PDF');
      expect(name).toBe('损坏-repaired.pdf');
      expect(qpdfCheck(bytes)).toBe(0);
      expect(withFile(bytes, (file) => run('qpdf', ['--check', file]).stdout)).toContain('File is linearized');
      expect(pageTexts(bytes)).toEqual(['Broken page 1', 'Broken page 2']);
    });

    it('protects a PDF with AES and a password, then unlocks it with that password (en)', async () => {
      const page = await newUser(harness, 'pdfp');
      const posts = recordPosts(page);
      await page.goto('/products/pdf/pdf-protect');
      await page.getByRole('heading', { level: 1, name: 'Protect PDF' }).waitFor();
      await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('secret.pdf', await labelledPdf('Secret', 2))]);
      const password = 'Open-S3same-密码';
      await page.getByLabel('Open password').fill(password);
      await page.getByLabel('Type the password again').fill('not the same');
      await page.getByLabel('Type the password again').blur();
      await page.getByText('The two passwords are not the same.').waitFor();
      await expect(page.getByTestId('pdf-run').isDisabled()).resolves.toBe(true);
      await page.getByLabel('Type the password again').fill(password);
      await page.getByRole('checkbox', { name: 'Copy its text and pictures' }).uncheck();

      const { bytes } = await runAndDownload(page, 'Protect PDF');
      expect(pdfInfo(bytes, password).encrypted).toMatch(/yes.*AES/);
      expect(qpdfCheck(bytes, password)).toBe(0);
      expect(withFile(bytes, (file) => run('qpdf', ['--check', file]).status)).not.toBe(0);
      expect(pageTexts(withFile(bytes, (file) => (run('qpdf', [`--password=${password}`, '--decrypt', file, `${file}.out`]), readFileSync(`${file}.out`))))).toEqual([
        'Secret page 1',
        'Secret page 2',
      ]);
      // The password went in the upload's body only: never in a URL, never in storage.
      for (const request of posts) expect(decodeURIComponent(request.url())).not.toContain(password);
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
      expect(stored).not.toContain(password);

      // Unlock: a wrong password is refused with its own message, the right one opens it.
      await page.goto('/products/pdf/pdf-unlock');
      await page.getByRole('heading', { level: 1, name: 'Unlock PDF' }).waitFor();
      await page.getByTestId('pdf-file-input').setInputFiles([pdfFile('secret-locked.pdf', bytes)]);
      await page.getByLabel("The PDF's password").fill('wrong-password');
      await page.getByTestId('pdf-run').click();
      await page.getByTestId('pdf-run-error').getByText('That password does not open this PDF. Your quota was returned.').waitFor({ timeout: 90_000 });
      await page.getByLabel("The PDF's password").fill(password);
      const unlocked = await runAndDownload(page, 'Unlock PDF');
      expect(pdfInfo(unlocked.bytes).encrypted).toMatch(/^no/);
      expect(qpdfCheck(unlocked.bytes)).toBe(0);
      expect(pageTexts(unlocked.bytes)).toEqual(['Secret page 1', 'Secret page 2']);
    });
  });
});
