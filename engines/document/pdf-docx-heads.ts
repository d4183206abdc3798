import type { Footer as DocxFooter, Header as DocxHeader, Paragraph as DocxParagraph, ParagraphChild } from 'docx';
import type { Docx } from './pdf-docx-content';
import type { PdfPage } from './pdf-page-model';
import type { Paragraph } from './pdf-paragraphs';
import { isPageNumber, type PageHeads } from './pdf-running-heads';
import { officeFont } from './pdf-fonts';

const TWIPS = 20;

/** Word header and footer settings for one section, from its pages' running heads. */
export interface SectionHeads {
  headers?: { default: DocxHeader; first?: DocxHeader };
  footers?: { default: DocxFooter; first?: DocxFooter };
  titlePage?: boolean;
  /** Where page numbering starts, when the PDF's printed numbers run on from it. */
  pageNumberStart?: number;
  /** Distances from the page edge, in points. */
  headerDistance: number;
  footerDistance: number;
}

function keyOf(paragraphs: Paragraph[]): string {
  return paragraphs.map((p) => p.text.trim().replace(/\d+/g, '#')).join('\n');
}

function firstNumber(paragraphs: Paragraph[]): number | null {
  const number = paragraphs.find((p) => isPageNumber(p.text));
  const digits = number ? /\d+/.exec(number.text)?.[0] : undefined;
  return digits ? Number(digits) : null;
}

/** Rows of paragraphs on one baseline, top to bottom, each row left to right. */
function rows(paragraphs: Paragraph[]): Paragraph[][] {
  const out: Paragraph[][] = [];
  for (const p of [...paragraphs].sort((a, b) => a.y - b.y || a.x - b.x)) {
    const row = out.find((r) => Math.abs(r[0]!.lines[0]!.baseline - p.lines[0]!.baseline) < 0.5 * p.size);
    if (row) row.push(p);
    else out.push([p]);
  }
  return out.map((r) => r.sort((a, b) => a.x - b.x));
}

function runs(docx: Docx, p: Paragraph, numbered: boolean): ParagraphChild[] {
  const span = p.spans[0];
  const style = { size: Math.round(p.size * 2), font: span ? officeFont(span.font.name) : undefined, bold: span?.font.bold, italics: span?.font.italic };
  if (!numbered) return [new docx.TextRun({ ...style, text: p.text.trim() })];
  // "Page 3 of 9": the first number counts pages, a second one after "of" or "/" is the total.
  const parts = p.text.trim().split(/(\d+)/);
  let numbers = 0;
  return parts
    .filter((part) => part.length > 0)
    .map((part) => {
      if (!/^\d+$/.test(part)) return new docx.TextRun({ ...style, text: part });
      numbers++;
      return new docx.TextRun({ ...style, children: [numbers === 1 ? docx.PageNumber.CURRENT : docx.PageNumber.TOTAL_PAGES] });
    });
}

/** One Word paragraph per row: items after the first reach their place through tab stops. */
function rowParagraph(docx: Docx, row: Paragraph[], page: PdfPage, marginLeft: number, numberField: Paragraph | null): DocxParagraph {
  const first = row[0]!;
  const center = first.x + first.w / 2;
  const alone = row.length === 1;
  const alignment = alone && Math.abs(center - page.width / 2) < page.width * 0.05 ? 'center' : alone && first.x > page.width / 2 ? 'right' : 'left';
  const children: ParagraphChild[] = [];
  row.forEach((p, i) => {
    if (i > 0) children.push(new docx.TextRun({ children: [new docx.Tab()] }));
    children.push(...runs(docx, p, p === numberField));
  });
  const tabStops = row.slice(1).map((p) => {
    const flushRight = p === row.at(-1) && p.x + p.w > page.width * 0.85;
    return flushRight
      ? { type: docx.TabStopType.RIGHT, position: Math.round((p.x + p.w - marginLeft) * TWIPS) }
      : { type: docx.TabStopType.LEFT, position: Math.round((p.x - marginLeft) * TWIPS) };
  });
  const indent = alignment === 'left' && first.x - marginLeft > 2 ? { left: Math.round((first.x - marginLeft) * TWIPS) } : undefined;
  return new docx.Paragraph({ children, alignment, tabStops: tabStops.length ? tabStops : undefined, indent, spacing: { before: 0, after: 0 } });
}

function content(docx: Docx, paragraphs: Paragraph[], page: PdfPage, marginLeft: number, numbered: boolean): DocxParagraph[] {
  const numberField = numbered ? (paragraphs.find((p) => isPageNumber(p.text)) ?? null) : null;
  return rows(paragraphs).map((row) => rowParagraph(docx, row, page, marginLeft, numberField));
}

/** The heads most pages of the section share (numbers aside), and the page that shows them. */
function common(heads: Paragraph[][]): number {
  const counts = new Map<string, number>();
  for (const h of heads) if (h.length) counts.set(keyOf(h), (counts.get(keyOf(h)) ?? 0) + 1);
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return best === undefined ? -1 : heads.findIndex((h) => h.length > 0 && keyOf(h) === best);
}

/**
 * The section's header and footer as Word would have them: the running heads most of its
 * pages share, a page number as a PAGE field (starting where the PDF's numbers start, when
 * they count up page by page), and an empty first-page header when the first page has none.
 */
export function sectionHeads(docx: Docx, pages: PdfPage[], heads: PageHeads[], marginLeft: number): SectionHeads {
  const numbers = heads.map((h) => firstNumber(h.footer) ?? firstNumber(h.header));
  const start = numbers[0] ?? null;
  const counting = start !== null && numbers.every((n, i) => n === null || n === start + i) && numbers.filter((n) => n !== null).length >= 1;
  const header = common(heads.map((h) => h.header));
  const footer = common(heads.map((h) => h.footer));
  const firstDiffers = (header >= 0 && heads[0]!.header.length === 0) || (footer >= 0 && heads[0]!.footer.length === 0);
  const own = (part: 'header' | 'footer') => (heads[0]![part].length ? content(docx, heads[0]![part], pages[0]!, marginLeft, counting) : [new docx.Paragraph({})]);
  const make = <T,>(index: number, part: 'header' | 'footer', wrap: (children: DocxParagraph[]) => T) =>
    index < 0 ? undefined : { default: wrap(content(docx, heads[index]![part], pages[index]!, marginLeft, counting)), ...(firstDiffers ? { first: wrap(own(part)) } : {}) };
  const tops = heads.flatMap((h) => h.header.map((p) => p.y));
  const bottoms = heads.flatMap((h, i) => h.footer.map((p) => pages[i]!.height - (p.y + p.h)));
  return {
    headers: make(header, 'header', (children) => new docx.Header({ children })),
    footers: make(footer, 'footer', (children) => new docx.Footer({ children })),
    titlePage: firstDiffers || undefined,
    pageNumberStart: counting && start !== null && start !== 1 ? start : undefined,
    headerDistance: tops.length ? Math.max(9, Math.min(...tops)) : 0,
    footerDistance: bottoms.length ? Math.max(9, Math.min(...bottoms)) : 0,
  };
}
