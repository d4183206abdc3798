import { execFileSync } from 'node:child_process';
import { copyFileSync, createWriteStream, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { createWorker, type Worker } from 'tesseract.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characterErrorRate } from '@engines/reading/cer';
import { cleanOcrText, OCR_LANGS } from '@engines/reading/ocr-text';

// Acceptance (issue 12): OCR character error rate ≤ 5% on generated 300-dpi scans, in English
// and in Chinese, with the same language data and clean-up the reader uses.
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

const ENGLISH =
  'The reading assistant opens a PDF on your own device. Pages without a text layer are read ' +
  'with optical character recognition, so scanned letters, invoices and old books become ' +
  'searchable text that can be glossed, summarised and translated paragraph by paragraph.';
const CHINESE =
  '阅读助手在你自己的设备上打开文档。没有文字层的扫描页面会用光学字符识别读出文字，' +
  '这样旧书、信件和发票都能变成可以搜索的文本，并且可以逐段查词、摘要和翻译。';

let dir = '';
let worker: Worker;

async function scan(name: string, text: string, font: string): Promise<string> {
  const pdf = join(dir, `${name}.pdf`);
  await new Promise<void>((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 72 });
    const out = createWriteStream(pdf);
    out.on('finish', resolve);
    out.on('error', reject);
    doc.pipe(out);
    if (font === CJK_FONT) doc.font(font, 'NotoSansCJKsc-Regular');
    else doc.font(font);
    doc.fontSize(14).text(text, { lineGap: 6 });
    doc.end();
  });
  execFileSync('pdftoppm', ['-r', '300', '-png', '-singlefile', pdf, join(dir, name)]);
  return join(dir, `${name}.png`);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'reading-ocr-'));
  // One folder holding both languages, as /ocr/lang/ does in the browser.
  for (const lang of ['eng', 'chi_sim']) {
    const from = join('node_modules/@tesseract.js-data', lang, '4.0.0_best_int');
    for (const f of readdirSync(from)) copyFileSync(join(from, f), join(dir, f));
  }
  worker = await createWorker(OCR_LANGS.split('+'), 1, { langPath: dir, gzip: true, cacheMethod: 'none' });
}, 120_000);

afterAll(async () => {
  await worker?.terminate();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('OCR character error rate on 300-dpi scans', () => {
  it.each([
    ['English', ENGLISH, 'Helvetica'],
    ['Chinese', CHINESE, CJK_FONT],
  ])('%s ≤ 5%%', async (language, reference, font) => {
    const png = await scan(language, reference, font);
    const { data } = await worker.recognize(png);
    const text = cleanOcrText(data.text);
    const cer = characterErrorRate(reference, text);
    console.log(`OCR CER ${language}: ${(cer * 100).toFixed(2)}% (${[...reference].length} reference characters)`);
    expect(cer).toBeLessThanOrEqual(0.05);
  }, 180_000);
});
