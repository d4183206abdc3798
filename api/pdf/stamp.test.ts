import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageNumbersOptionsSchema, watermarkOptionsSchema } from '@contracts/pdf-stamp-options.js';
import { PdfOptionsError } from '@engines/pdf/pdf-options-error.js';
import { protectPdf } from './qpdf.js';
import { stampPageNumbers, stampWatermark } from './stamp.js';
import { fillAlphas, pageWords, pdfFonts, pngDataUrl, stampFixture, withoutBidiMarks } from './stamp-test-support.js';
import { check, rejection } from './test-support.js';

let dir: string;
let input: string;
let limits: { timeoutMs: number; cwd: string };
let n = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stamp-'));
  limits = { timeoutMs: 60_000, cwd: dir };
  input = join(dir, 'input.pdf');
  await writeFile(input, await stampFixture());
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs a stamp and returns the result's bytes after qpdf --check and the page count have been checked. */
async function stamped(kind: 'numbers' | 'watermark', options: Record<string, unknown>): Promise<Uint8Array> {
  const output = join(dir, `out-${++n}.pdf`);
  if (kind === 'numbers') await stampPageNumbers(input, output, pageNumbersOptionsSchema.parse(options), limits);
  else await stampWatermark(input, output, watermarkOptionsSchema.parse(options), limits);
  const qpdf = check('qpdf', ['--check', output]);
  expect(qpdf.code, qpdf.out).toBe(0);
  expect(check('pdfinfo', [output]).out).toMatch(/^Pages:\s+4$/m);
  return new Uint8Array(await readFile(output));
}

const pageText = (page: { words: { text: string }[] }) => page.words.map((w) => w.text).join(' ');

describe('page numbers', () => {
  it('numbers only the chosen pages, from the start number, at the bottom centre of each page as shown', async () => {
    const pages = pageWords(await stamped('numbers', { template: 'Page {n} of {total}', pages: '2-4', startAt: 5 }));
    expect(pages.map(pageText)).toEqual(['Body page 1', 'Body page 2 Page 5 of 7', 'Body page 3 Page 6 of 7', 'Body page 4 Page 7 of 7']);
    // pdftotext's boxes: the rotated page as shown (842 wide), the cropped one in its MediaBox (crop 100..400 × 342..742 from the top).
    const shown = [
      { page: 1, centre: 421, bottom: 595 },
      { page: 2, centre: 421, bottom: 595 },
      { page: 3, centre: 250, bottom: 742 },
    ];
    for (const { page, centre, bottom } of shown) {
      const words = pages[page]!.words.slice(pages[page]!.words.findIndex((w) => w.text === 'Page'));
      const middle = (Math.min(...words.map((w) => w.xMin)) + Math.max(...words.map((w) => w.xMax))) / 2;
      const gap = bottom - Math.max(...words.map((w) => w.yMax));
      // Centred, about 10 mm (28.3 pt) above the bottom edge as shown.
      expect(Math.abs(middle - centre), `page ${page + 1}`).toBeLessThan(2);
      expect(gap, `page ${page + 1}`).toBeGreaterThan(22);
      expect(gap, `page ${page + 1}`).toBeLessThan(32);
    }
  });

  it('writes Chinese numbers with an embedded, subset CJK font', async () => {
    const bytes = await stamped('numbers', { template: '第 {n} 页，共 {total} 页', position: 'top-right' });
    expect(pageWords(bytes).map(pageText)[3]).toContain('第 4 页，共 4 页');
    const cjk = pdfFonts(bytes).find((f) => f.name.includes('NotoSansCJK'));
    expect(cjk).toMatchObject({ emb: true, sub: true, uni: true });
    console.info(`Chinese page numbers on 4 pages: ${bytes.length} bytes`);
  });

  it('refuses a page past the end, and a protected PDF', async () => {
    const error = await stampPageNumbers(input, join(dir, 'x.pdf'), pageNumbersOptionsSchema.parse({ pages: '3-9' }), limits).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PdfOptionsError);
    expect((error as PdfOptionsError).reason).toBe('pageOutOfRange');
    const locked = join(dir, 'locked.pdf');
    await protectPdf(input, locked, { userPassword: 'pw', allowPrint: true, allowCopy: true, allowModify: false }, limits);
    expect((await rejection(stampPageNumbers(locked, join(dir, 'y.pdf'), pageNumbersOptionsSchema.parse({}), limits))).reason).toBe('encrypted');
    await writeFile(join(dir, 'letter.pdf'), 'Not a PDF at all.\n');
    expect((await rejection(stampWatermark(join(dir, 'letter.pdf'), join(dir, 'z.pdf'), watermarkOptionsSchema.parse({ text: 'x' }), limits))).reason).toBe('unreadable');
  });
});

describe('watermarks', () => {
  it('puts a Chinese text on every page, see-through, and pdftotext reads it back', async () => {
    const bytes = await stamped('watermark', { text: '机密文件 Confidential', rotation: 0, opacity: 0.3 });
    const pages = pageWords(bytes).map(pageText);
    for (const text of pages) expect(text).toContain('机密文件 Confidential');
    expect(fillAlphas(bytes)).toContain(0.3);
  });

  it('shapes Arabic and keeps its words in reading order', async () => {
    const bytes = await stamped('watermark', { text: 'سري للغاية', rotation: 0, pages: '1' });
    const text = withoutBidiMarks(check('pdftotext', [join(dir, `out-${n}.pdf`), '-']).out);
    expect(text).toContain('سري للغاية');
    expect(pdfFonts(bytes).some((f) => f.name.includes('NotoSansArabic') && f.sub && f.uni)).toBe(true);
    expect(pageWords(bytes).map(pageText)[1]).toBe('Body page 2');
  });

  it('tiles several copies across a page, and turns them', async () => {
    const flat = pageWords(await stamped('watermark', { text: 'DRAFT', position: 'tile', fontSize: 30, rotation: 0 }));
    for (const page of flat) expect(page.words.filter((w) => w.text === 'DRAFT').length).toBeGreaterThanOrEqual(6);
    const turned = pageWords(await stamped('watermark', { text: 'DRAFT', position: 'center', fontSize: 60, rotation: 90 }));
    // Turned a quarter: the word stands taller than it is wide.
    const word = turned[0]!.words.find((w) => w.text === 'DRAFT');
    expect(word && word.yMax - word.yMin > 2 * (word.xMax - word.xMin)).toBe(true);
  });

  it('puts a picture on the chosen pages, embedded once, see-through', async () => {
    const bytes = await stamped('watermark', { image: pngDataUrl(), position: 'bottom-right', opacity: 0.5, pages: '1, 3-4' });
    const list = check('pdfimages', ['-list', join(dir, `out-${n}.pdf`)]).out.split('\n').slice(2).filter(Boolean);
    expect(list.map((line) => Number(line.trim().split(/\s+/)[0]))).toEqual([1, 3, 4]);
    // One image object shown on every chosen page.
    expect(new Set(list.map((line) => line.trim().split(/\s+/).slice(10, 12).join(' '))).size).toBe(1);
    expect(fillAlphas(bytes)).toContain(0.5);
  });

  it('draws Japanese, Korean and Thai with faces that have them', async () => {
    const bytes = await stamped('watermark', { text: 'ひみつ 기밀 ลับ', rotation: 0, pages: '2' });
    expect(pageWords(bytes).map(pageText)[1]).toContain('ひみつ 기밀 ลับ');
    const names = pdfFonts(bytes).map((f) => f.name);
    // Kana asks for the Japanese CJK face; Thai is found through fontconfig.
    expect(names.some((name) => name.includes('NotoSansCJKjp'))).toBe(true);
    expect(names.some((name) => /Thai/.test(name))).toBe(true);
  });

  it('refuses a picture that is not one', async () => {
    const bogus = `data:image/png;base64,iVBORw0KGgo${Buffer.from('no picture here at all').toString('base64')}`;
    const error = await stampWatermark(input, join(dir, 'w.pdf'), watermarkOptionsSchema.parse({ image: bogus }), limits).catch((e: unknown) => e);
    expect((error as { reason?: string }).reason).toBe('optionsInvalid');
  });
});
