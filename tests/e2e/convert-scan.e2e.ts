import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPagePdf, SCAN_ENGLISH } from '../helpers/ocr-scan';
import { registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';

/**
 * Scanned pages made editable (issue 29, part 4) in the browser: a picture-only PDF converted to
 * Word on the device is read by tesseract.js in the document worker (its files from our origin),
 * and the converter says which page was read and how sure the reading was.
 */
describe('PDF to Word of a scan, on the device', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness?.close());

  it('reads the scanned page into Word paragraphs and shows the page and confidence', { timeout: 240_000 }, async () => {
    const { page } = await harness.open('/');
    page.setDefaultTimeout(30_000);
    const userId = uniqueUserId('scan');
    await registerThroughUi(page, { userId, email: `${userId}@example.com`, password: 'Convert-Passw0rd' });
    const ocrFiles: string[] = [];
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('requestfailed', (r) => problems.push(`failed ${r.url()} ${r.failure()?.errorText ?? ""}`));
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/ocr/')) ocrFiles.push(path);
    });

    await page.goto('/products/convert/pdf-to-word');
    await page.getByTestId('avail-count').waitFor();
    const scan = await scannedPagePdf(300, { chinese: false });
    await page.getByTestId('convert-file-input').setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from(scan) });
    const task = page.getByTestId('convert-task').filter({ hasText: 'scan.pdf' });
    await task
      .and(page.locator('[data-status="success"], [data-status="failed"]'))
      .waitFor({ timeout: 150_000 })
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}\n${await task.textContent()} | ${problems.join(' | ')} | ${ocrFiles.join(' ')}`);
      });
    expect(await task.getAttribute('data-status'), `${await task.textContent()} ${problems.join(' | ')} ${ocrFiles.join(' ')}`).toBe('success');

    const note = await task.getByTestId('task-recognised').textContent();
    expect(note).toMatch(/^Scanned pages read by OCR: 1 \(confidence (\d+)%\)$/);
    expect(Number(/confidence (\d+)%/.exec(note ?? '')?.[1])).toBeGreaterThan(80);
    // tesseract.js and its language data came from our origin.
    expect(ocrFiles).toContain('/ocr/lang/eng.traineddata');

    const [download] = await Promise.all([page.waitForEvent('download'), task.getByRole('button', { name: /^Download/ }).click()]);
    const zip = await JSZip.loadAsync(await readFile(await download.path()));
    const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    expect(xml).not.toMatch(/txbxContent|v:textbox|wps:txbx/);
    const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(' ');
    expect(text).toContain(SCAN_ENGLISH[0]);
    expect(text).toContain('lazy dog');
  });
});
