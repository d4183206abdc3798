import type { ISectionOptions, IStylesOptions } from 'docx';
import { renameExt, type ConvertOp } from './types';
import { analyzePdf } from './pdf-analyze';
import { recognisedOf } from './pdf-scan-page';
import type { FlowItem, PdfDocumentModel, PdfPage } from './pdf-page-model';
import { docxImage, docxParagraph, docxTable, pageBreakParagraph, type Docx, type Placement } from './pdf-docx-content';
import { numberingConfig } from './pdf-docx-numbering';
import { officeFont } from './pdf-fonts';
import type { ListInfo } from './pdf-paragraphs';
import { joinPageBreaks } from './pdf-column-breaks';
import { sectionHeads } from './pdf-docx-heads';
import { liftRunningHeads, type PageHeads } from './pdf-running-heads';
import { liftTableTitles } from './pdf-docx-table-titles';
import { markRepeatedHeaders } from './pdf-docx-table-continuation';

const TWIPS = 20;
/** Margins are taken from the PDF's own white space, within these bounds (points). */
const MIN_MARGIN = 18;
const MAX_MARGIN = 72;

function itemBox(item: FlowItem): { y: number; bottom: number; size: number } {
  if (item.kind === 'paragraph') return { y: item.paragraph.y, bottom: item.paragraph.y + item.paragraph.h, size: item.paragraph.size };
  const box = item.kind === 'table' ? item.table : item.image;
  return { y: box.y, bottom: box.y + box.h, size: 10 };
}

function clampMargin(value: number): number {
  return Math.round(Math.min(MAX_MARGIN, Math.max(MIN_MARGIN, value)));
}

/** Margins from the content's extent over a run of same-size pages. */
function margins(pages: PdfPage[]): { top: number; right: number; bottom: number; left: number } {
  const boxes = pages.flatMap((p) => p.flow.map((f) => ({ ...(f.kind === 'paragraph' ? f.paragraph : f.kind === 'table' ? f.table : f.image), page: p })));
  if (boxes.length === 0) return { top: MAX_MARGIN, right: MAX_MARGIN, bottom: MAX_MARGIN, left: MAX_MARGIN };
  return {
    top: clampMargin(Math.min(...boxes.map((b) => b.y)) - 4),
    left: clampMargin(Math.min(...boxes.map((b) => b.x))),
    right: clampMargin(Math.min(...boxes.map((b) => b.page.width - b.x - b.w))),
    bottom: clampMargin(Math.min(...boxes.map((b) => b.page.height - b.y - b.h)) - 4),
  };
}

/** Consecutive pages of one size share a section; each page after the first starts on a new page. */
function sections(docx: Docx, model: PdfDocumentModel, heads: PageHeads[]): ISectionOptions[] {
  const groups: { pages: PdfPage[]; heads: PageHeads[] }[] = [];
  model.pages.forEach((page, i) => {
    const last = groups.at(-1);
    const same = last && Math.abs(last.pages[0]!.width - page.width) < 1 && Math.abs(last.pages[0]!.height - page.height) < 1;
    if (same) {
      last.pages.push(page);
      last.heads.push(heads[i]!);
    } else groups.push({ pages: [page], heads: [heads[i]!] });
  });
  return groups.map(({ pages, heads: groupHeads }) => {
    const margin = margins(pages);
    const { width, height } = pages[0]!;
    const children = pages.flatMap((page, index) => pageChildren(docx, page, index > 0, margin.left, width - margin.left - margin.right));
    const running = sectionHeads(docx, pages, groupHeads, margin.left);
    return {
      headers: running.headers,
      footers: running.footers,
      properties: {
        titlePage: running.titlePage,
        page: {
          size: { width: Math.round(width * TWIPS), height: Math.round(height * TWIPS), orientation: width > height ? docx.PageOrientation.LANDSCAPE : docx.PageOrientation.PORTRAIT },
          margin: {
            top: margin.top * TWIPS,
            right: margin.right * TWIPS,
            bottom: margin.bottom * TWIPS,
            left: margin.left * TWIPS,
            header: Math.round(running.headerDistance * TWIPS),
            footer: Math.round(running.footerDistance * TWIPS),
          },
          pageNumbers: running.pageNumberStart ? { start: running.pageNumberStart } : undefined,
        },
      },
      children: children.length ? children : [new docx.Paragraph({})],
    };
  });
}

/** "Figure 2:", "Fig. 3", "Table 1", "Listing 1", "图 2", "表 1": a caption's opening. */
const CAPTION = /^(?:figure|fig\.|table|listing|chart|图|表)\s*\d/i;

function isCaption(item: FlowItem | undefined): boolean {
  return item?.kind === 'paragraph' && CAPTION.test(item.paragraph.text.trim());
}

/** A figure stays on the page of its caption, whichever of the two comes first. */
function keepsWithNext(item: FlowItem, next: FlowItem | undefined): boolean {
  return (item.kind === 'image' && isCaption(next)) || (isCaption(item) && next?.kind === 'image');
}

function pageChildren(docx: Docx, page: PdfPage, breakBefore: boolean, marginLeft: number, contentWidth: number) {
  const out: (InstanceType<Docx['Paragraph']> | InstanceType<Docx['Table']>)[] = [];
  let previousBottom: number | null = null;
  const clamp = (gap: number) => Math.min(48, Math.max(0, gap));
  page.flow.forEach((item, i) => {
    const box = itemBox(item);
    const gap = previousBottom === null ? 0 : box.y - previousBottom - 0.25 * box.size;
    previousBottom = box.bottom;
    const next = page.flow[i + 1];
    const spaceAfter = next?.kind === 'table' ? clamp(next.table.y - box.bottom) : 0;
    const at: Placement = { marginLeft, contentWidth, spaceBefore: item.kind === 'table' ? 0 : clamp(gap), spaceAfter, pageBreakBefore: breakBefore && i === 0, keepNext: keepsWithNext(item, next), page };
    if (item.kind === 'paragraph') out.push(docxParagraph(docx, item.paragraph, at));
    else if (item.kind === 'image') out.push(docxImage(docx, item.image, at, page.width));
    else {
      if (at.pageBreakBefore) out.push(pageBreakParagraph(docx));
      out.push(docxTable(docx, item.table, at));
    }
  });
  if (out.length === 0 && breakBefore) out.push(pageBreakParagraph(docx));
  return out;
}

function median(values: number[], fallback: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? fallback;
}

/** Normal and Heading 1-3 styles measured from the PDF, so headings stay editable as styles. */
function styles(model: PdfDocumentModel): IStylesOptions {
  const paragraphs = model.pages.flatMap((p) => p.flow.flatMap((f) => (f.kind === 'paragraph' ? [f.paragraph] : [])));
  const fontChars = new Map<string, number>();
  for (const span of paragraphs.filter((p) => !p.heading).flatMap((p) => p.spans)) {
    const font = officeFont(span.font.name);
    fontChars.set(font, (fontChars.get(font) ?? 0) + span.text.length);
  }
  const bodyFont = [...fontChars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'Calibri';
  const heading = (level: 1 | 2 | 3) => {
    const these = paragraphs.filter((p) => p.heading === level);
    const size = median(these.map((p) => p.size), model.bodySize * (1.6 - level * 0.2));
    const bold = these.filter((p) => p.spans.every((s) => s.font.bold || !s.text.trim())).length * 2 >= these.length;
    return { run: { size: Math.round(size * 2), bold, italics: false, color: '000000', font: bodyFont }, paragraph: { keepNext: true, spacing: { before: 0, after: 0 } } };
  };
  return {
    default: {
      document: { run: { font: bodyFont, size: Math.round(model.bodySize * 2) }, paragraph: { spacing: { before: 0, after: 0, line: 240, lineRule: 'auto' } } },
      heading1: heading(1),
      heading2: heading(2),
      heading3: heading(3),
    },
  };
}

/**
 * PDF → Word that a person can edit: text in reading order as real paragraphs, headings,
 * lists and tables, images inline, the PDF's page sizes and page breaks kept, and no text
 * boxes or frames anywhere.
 */
export const pdfToDocx: ConvertOp = async (input, opts = {}) => {
  const model = await analyzePdf(input.bytes, { ...opts, images: true, progressShare: 0.85 });
  opts.signal?.throwIfAborted();
  // Running heads go to Word's header and footer; a paragraph cut by a page break is one again.
  const heads = liftRunningHeads(model.pages);
  joinPageBreaks(model.pages);
  liftTableTitles(model.pages);
  markRepeatedHeaders(model.pages);
  const docx = await import('docx');
  const lists: ListInfo[] = model.pages.flatMap((p) => p.flow.flatMap((f) => (f.kind === 'paragraph' && f.paragraph.list ? [f.paragraph.list] : [])));
  const document = new docx.Document({
    styles: styles(model),
    numbering: numberingConfig(docx, lists),
    sections: sections(docx, model, heads),
  });
  const bytes = new Uint8Array(await docx.Packer.toArrayBuffer(document));
  opts.onProgress?.(1);
  return { name: renameExt(input.name, 'docx'), mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes, ...recognisedOf(model) };
};
