import type { PdfDocumentModel } from '../document/pdf-page-model';
import { needsOcr } from './extraction-quality';

export interface ReadingParagraph {
  /** Stable for the document: `p<page>-<n>` (n counts the page's paragraphs from 1). */
  id: string;
  page: number;
  text: string;
  heading?: 1 | 2 | 3;
}

export interface ReadingDocument {
  paragraphs: ReadingParagraph[];
  /** Pages whose text layer is missing or garbage: read them with OCR. */
  ocrPages: number[];
  pageCount: number;
}

/**
 * The reader's paragraphs from the converter's layout analysis (analyzePdf): its paragraphs
 * already join lines, columns and page breaks; tables become one paragraph of tab-separated
 * rows. Pages whose text is unusable are listed for OCR instead.
 */
export function readingParagraphs(model: PdfDocumentModel): ReadingDocument {
  const paragraphs: ReadingParagraph[] = [];
  const ocrPages: number[] = [];
  for (const page of model.pages) {
    const texts: { text: string; heading?: 1 | 2 | 3 }[] = [];
    for (const item of page.flow) {
      if (item.kind === 'paragraph') {
        const text = item.paragraph.text.trim();
        if (text) texts.push({ text, ...(item.paragraph.heading ? { heading: item.paragraph.heading } : {}) });
      } else if (item.kind === 'table') {
        const text = item.table.cells.map((c) => c.lines.map((l) => l.text).join(' ')).join('\t').trim();
        if (text) texts.push({ text });
      }
    }
    if (needsOcr(texts.map((t) => t.text).join(' '))) {
      ocrPages.push(page.number);
      continue;
    }
    texts.forEach((t, i) => paragraphs.push({ id: `p${page.number}-${i + 1}`, page: page.number, ...t }));
  }
  return { paragraphs, ocrPages, pageCount: model.pages.length };
}

/** Paragraphs from OCR text of one page: blank lines separate paragraphs, lines are joined. */
export function ocrParagraphs(page: number, text: string): ReadingParagraph[] {
  return text
    .split(/\n\s*\n/u)
    .map((block) => joinOcrLines(block))
    .filter((t) => t.length > 0)
    .map((t, i) => ({ id: `p${page}-ocr${i + 1}`, page, text: t }));
}

function joinOcrLines(block: string): string {
  const lines = block.split('\n').map((l) => l.trim()).filter(Boolean);
  let out = '';
  for (const line of lines) {
    // Chinese lines join without a space; Latin ones with one.
    const glue = out && /[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]$/u.test(out) && /^[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]/u.test(line) ? '' : out ? ' ' : '';
    out += glue + line;
  }
  return out;
}
