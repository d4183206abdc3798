import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPaidBundle } from '../helpers/grant-bundle.js';
import { charErrorRate, expectedText, scannedPagePdf, spacesBetweenHan } from '../helpers/ocr-scan.js';
import { pdfImages, pdfPages, qpdfCheck } from '../helpers/pdf-tool-checks.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';
import { pdfToolApi } from '../helpers/pdf-tool-api.js';

// OCR is seconds of Tesseract per page, more on a loaded machine.
const SLOW = 90_000;

/** Every pixel of page 1 as poppler draws it: the text layer is invisible, so nothing may change. */
function rendered(dir: string, name: string, bytes: Uint8Array): Buffer {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return spawnSync('pdftoppm', ['-r', '50', '-gray', file], { maxBuffer: 64 * 1024 * 1024 }).stdout;
}

/**
 * Searchable scans through the API (issue 30): a scanned page comes back as the same page with
 * an invisible English and Chinese text layer that poppler reads; bad options are refused before
 * anything is charged; a file OCRmyPDF cannot take fails with its reason and refunds.
 */
describe.each(testDialects())('PDF OCR on %s', (dialect) => {
  let t: TestApp;
  let c: TestClient;
  let dir: string;
  let scan: Uint8Array;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = t.client();
    expect((await c.post('/api/v1/user/register', { userId: 'ocr1', password: 'Sunny-Day7', email: 'ocr1@example.com', agree: true })).code).toBe(200);
    await grantPaidBundle(t.handle.db, 'ocr1');
    dir = mkdtempSync(join(tmpdir(), 'pdf-ocr-api-'));
    scan = await scannedPagePdf(200);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const api = () => pdfToolApi(t, c);
  const avail = () => api().avail();
  const submit = (bytes: Uint8Array, options: unknown, name = 'scan.pdf') => api().submit('pdf-ocr', [{ name, bytes }], options);
  const ocr = (bytes: Uint8Array, options: unknown) => api().runServerTool('pdf-ocr', { name: 'scan.pdf', bytes }, options);

  it('makes a scanned page searchable in English and Chinese and keeps the page as it looked', { timeout: SLOW }, async () => {
    const done = await ocr(scan, {});
    expect([done.record.status, done.record.output.filesInfos[0]?.convertFileName, done.spent]).toEqual([3, 'scan-searchable.pdf', 1]);
    const out = done.bytes!;
    const checked = qpdfCheck(out);
    expect(checked.status, checked.output).toBe(0);
    expect(pdfPages(out)).toEqual(pdfPages(scan));
    writeFileSync(join(dir, 'out.pdf'), out);
    const text = spawnSync('pdftotext', [join(dir, 'out.pdf'), '-'], { encoding: 'utf8' }).stdout;
    const cer = charErrorRate(expectedText(), text);
    const chineseCer = charErrorRate(expectedText({ english: false }), text.split('\n').filter((l) => /\p{Script=Han}/u.test(l)).join('\n'));
    console.log(`pdf-ocr API (${dialect}): eng+chi_sim, 200 dpi scan: CER ${(cer * 100).toFixed(2)}% overall, ${(chineseCer * 100).toFixed(2)}% Chinese lines, ${spacesBetweenHan(text)} spaces between Han`);
    expect(cer).toBeLessThanOrEqual(0.05);
    expect(chineseCer).toBeLessThanOrEqual(0.05);
    expect(spacesBetweenHan(text)).toBe(0);
    // The picture is the one uploaded (same size, not re-encoded), and the page draws the same.
    expect(pdfImages(out).map(({ width, height, enc }) => ({ width, height, enc }))).toEqual(pdfImages(scan).map(({ width, height, enc }) => ({ width, height, enc })));
    expect(Buffer.compare(rendered(dir, 'in.pdf', scan), rendered(dir, 'out-page.pdf', out))).toBe(0);
  });

  it('refuses options that do not fit the tool with 40001 before anything is stored or charged', async () => {
    const before = await avail();
    for (const options of [{ languages: [] }, { languages: ['fra'] }, { languages: ['eng', 'eng'] }, { languages: ['eng', 'eng', 'chi_sim'] }, { deskew: 'yes' }, { languages: ['eng'], pages: '1' }, 'not json']) {
      const sub = await submit(scan, options);
      expect([sub.code, sub.data], JSON.stringify(options)).toEqual([40001, { options: 'validation.pdfOptionsInvalid' }]);
    }
    expect(await avail()).toBe(before);
  });

  it('fails a protected PDF as encrypted and a damaged one as unreadable, giving the unit back; refuses a picture named .pdf at upload', { timeout: SLOW }, async () => {
    writeFileSync(join(dir, 'plain.pdf'), scan);
    expect(spawnSync('qpdf', ['--encrypt', 'pw', 'pw', '256', '--', join(dir, 'plain.pdf'), join(dir, 'locked.pdf')]).status).toBe(0);
    const locked = await ocr(new Uint8Array(readFileSync(join(dir, 'locked.pdf'))), { languages: ['eng'] });
    expect([locked.record.status, locked.record.reason, locked.spent]).toEqual([2, 'encrypted', 0]);

    const damaged = await ocr(new TextEncoder().encode('%PDF-1.7\nthis is not really a PDF\n'), { languages: ['eng'] });
    expect([damaged.record.status, damaged.record.reason, damaged.spent]).toEqual([2, 'unreadable', 0]);

    const before = await avail();
    const png = spawnSync('pdftoppm', ['-r', '20', '-png', join(dir, 'plain.pdf')]).stdout;
    const picture = await submit(new Uint8Array(png), { languages: ['eng'] });
    expect([picture.code, picture.data]).toEqual([41501, { file: 'scan.pdf', reason: 'mismatch' }]);
    expect(await avail()).toBe(before);
  });
});
