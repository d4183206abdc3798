import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { cjkFontPath, renderPdf } from './fixtures/pdfs.js';

/**
 * Scanned pages for the OCR tool (issue 30), made the way a scanner makes them: a page with
 * known English and Chinese text is drawn, rasterised by poppler, and the picture alone is
 * wrapped back into a PDF (no text in it). `charErrorRate` scores what pdftotext reads back.
 */

export const SCAN_ENGLISH = [
  'Harbour Maintenance Report',
  'The quick brown fox jumps over the lazy dog.',
  'Invoice 2026-117 covers forty-two hours of work',
  'on the north pier, paid within thirty days.',
];
export const SCAN_CHINESE = ['扫描文件可以被搜索和复制。', '港口维护合同已经签署完毕。', '请在三十天内付款。'];

const A4: [number, number] = [595.28, 841.89];

/** The page as printed: the text a perfect OCR would give back, in reading order. */
export function textPagePdf(lines: { english?: boolean; chinese?: boolean } = {}): Promise<Uint8Array> {
  const font = cjkFontPath();
  if (!font) throw new Error('fonts-noto-cjk is needed for the OCR fixtures');
  return renderPdf(
    (doc) => {
      doc.registerFont('cjk', font, 'NotoSansCJKsc-Regular');
      let y = 90;
      if (lines.english !== false) {
        doc.font('Helvetica-Bold').fontSize(18).text(SCAN_ENGLISH[0]!, 72, y, { lineBreak: false });
        y += 40;
        doc.font('Helvetica').fontSize(13);
        for (const line of SCAN_ENGLISH.slice(1)) {
          doc.text(line, 72, y, { lineBreak: false });
          y += 22;
        }
        y += 20;
      }
      if (lines.chinese !== false) {
        doc.font('cjk').fontSize(14);
        for (const line of SCAN_CHINESE) {
          doc.text(line, 72, y, { lineBreak: false });
          y += 26;
        }
      }
    },
    { size: 'A4', margin: 0 },
  );
}

/** What `textPagePdf` with the same choice says, for scoring. */
export function expectedText(lines: { english?: boolean; chinese?: boolean } = {}): string {
  return [...(lines.english !== false ? SCAN_ENGLISH : []), ...(lines.chinese !== false ? SCAN_CHINESE : [])].join('\n');
}

/** One A4 page that is only a grey picture at `dpi` of `textPagePdf`: what a scanner gives. */
export async function scannedPagePdf(dpi = 200, lines: { english?: boolean; chinese?: boolean } = {}): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'ocr-scan-'));
  try {
    writeFileSync(join(dir, 'text.pdf'), await textPagePdf(lines));
    const res = spawnSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', '-singlefile', join(dir, 'text.pdf'), join(dir, 'page')]);
    if (res.status !== 0) throw new Error(`pdftoppm failed: ${String(res.stderr)}`);
    const doc = await PDFDocument.create();
    const png = await doc.embedPng(readFileSync(join(dir, 'page.png')));
    doc.addPage(A4).drawImage(png, { x: 0, y: 0, width: A4[0], height: A4[1] });
    return await doc.save();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `scan` then `text` pages in one PDF: a file where one page needs OCR and the other already has text. */
export async function mixedPdf(scan: Uint8Array, text: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const bytes of [scan, text]) {
    const source = await PDFDocument.load(bytes);
    for (const page of await doc.copyPages(source, source.getPageIndices())) doc.addPage(page);
  }
  return doc.save();
}

/** Levenshtein distance over code points (two rows: the texts are a few hundred characters). */
function editDistance(a: string[], b: string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Character error rate of `actual` against `expected`, whitespace ignored: edits needed / expected characters. */
export function charErrorRate(expected: string, actual: string): number {
  const strip = (s: string) => [...s.replace(/\s+/g, '')];
  const want = strip(expected);
  return editDistance(want, strip(actual)) / want.length;
}

/** Spaces pdftotext reads between two Chinese characters: what Tesseract leaves and the tool takes out. */
export function spacesBetweenHan(text: string): number {
  return [...text.matchAll(/\p{Script=Han}[ \t]+(?=\p{Script=Han})/gu)].length;
}
