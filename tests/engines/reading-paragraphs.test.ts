import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzePdf } from '@engines/document/pdf-analyze';
import { ocrParagraphs, readingParagraphs } from '@engines/reading/document-paragraphs';

// The reader's paragraphs come from the converter's layout analysis: lines joined into
// paragraphs, ids stable per page, and pages without text sent to OCR.
const dir = mkdtempSync(join(tmpdir(), 'reading-paras-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LONG = 'The reader rebuilds paragraphs that the PDF breaks into many short lines, so that each paragraph can be glossed, searched, summarised and translated as one piece of text. '.repeat(2).trim();

async function pdf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Uint8Array> {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  await new Promise<void>((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 72 });
    const out = createWriteStream(path);
    out.on('finish', resolve);
    out.on('error', reject);
    doc.pipe(out);
    draw(doc);
    doc.end();
  });
  return new Uint8Array(readFileSync(path));
}

describe('reading paragraphs', () => {
  it('joins wrapped lines into paragraphs with ids p<page>-<n>, and flags empty pages for OCR', async () => {
    const bytes = await pdf((doc) => {
      doc.font('Helvetica').fontSize(12).text(LONG).moveDown(2).text('A second paragraph.');
      doc.addPage();
      doc.rect(72, 72, 200, 100).fill('#888');
    });
    const result = readingParagraphs(await analyzePdf(bytes));
    expect(result.pageCount).toBe(2);
    expect(result.paragraphs.map((p) => p.id)).toEqual(['p1-1', 'p1-2']);
    expect(result.paragraphs[0]?.text.replace(/\s+/g, ' ')).toBe(LONG);
    expect(result.ocrPages).toEqual([2]);
    // Same bytes, same ids.
    expect(readingParagraphs(await analyzePdf(bytes)).paragraphs).toEqual(result.paragraphs);
  });

  it('splits OCR text at blank lines and joins Chinese lines without spaces', () => {
    expect(ocrParagraphs(3, '阅读助手帮助\n你理解文档。\n\nSecond\nparagraph')).toEqual([
      { id: 'p3-ocr1', page: 3, text: '阅读助手帮助你理解文档。' },
      { id: 'p3-ocr2', page: 3, text: 'Second paragraph' },
    ]);
  });
});
