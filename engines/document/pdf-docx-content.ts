import type { Paragraph as DocxParagraph, Table as DocxTable, TableCell as DocxTableCell, ParagraphChild } from 'docx';
import type { PageImage, PdfPage } from './pdf-page-model';
import { fillBehind, textColor } from './pdf-colors';
import { eastAsianFont, officeFont } from './pdf-fonts';
import type { Span } from './pdf-layout-lines';
import { numberingFor } from './pdf-docx-numbering';
import type { Paragraph } from './pdf-paragraphs';
import { columnAlignments } from './pdf-tables';
import type { Table, TableCell } from './pdf-table-model';
import { CJK, joinLineSpans } from './pdf-text-join';
import { hasRtlLetters } from './pdf-bidi';

export type Docx = typeof import('docx');

/** Where on its page an element goes, in points, and what comes before it. */
export interface Placement {
  /** The section's left margin. */
  marginLeft: number;
  /** Width between the margins. */
  contentWidth: number;
  /** Space above, from the gap to the previous element on the page. */
  spaceBefore: number;
  /** Space below; only set before a table, which cannot carry space above itself. */
  spaceAfter: number;
  pageBreakBefore: boolean;
  /** Kept on the same page as what follows (a figure and its caption). */
  keepNext?: boolean;
  /** The page, for the coloured bars behind text. */
  page: PdfPage;
}

const TWIPS = 20;
const PX_PER_PT = 96 / 72;

/** Noto CJK is declared for East Asian runs (it is what renders them here and on most Linux and Android). */
function notoCjk(pdfName: string): string {
  return eastAsianFont(pdfName) === 'SimSun' ? 'Noto Serif CJK SC' : 'Noto Sans CJK SC';
}

function textRuns(docx: Docx, spans: Span[], background?: string): ParagraphChild[] {
  // A '\n' (kept in code listings) is a line break inside the paragraph.
  const pieces = spans.flatMap((span) => span.text.split('\n').map((text, i) => ({ span, text, lineBreak: i > 0 })));
  return pieces
    .filter((piece) => piece.text.length > 0 || piece.lineBreak)
    .map(({ span, text, lineBreak }) => {
      const latin = officeFont(span.font.name);
      const font = CJK.test(text) ? { ascii: latin, hAnsi: latin, eastAsia: notoCjk(span.font.name) } : latin;
      return new docx.TextRun({
        text,
        break: lineBreak ? 1 : undefined,
        // Explicit either way, so a heading style's bold does not leak onto regular text.
        bold: span.font.bold,
        italics: span.font.italic,
        size: Math.max(2, Math.round(span.size * 2)),
        font,
        color: textColor(span.color, background),
        // Hebrew and Arabic runs are complex script: Word reads them right to left and shapes Arabic itself.
        ...(hasRtlLetters(text) ? { rightToLeft: true } : {}),
      });
    });
}

const ALIGN = { left: 'left', center: 'center', right: 'right', justify: 'both' } as const;

/** A paragraph, heading or list item as Word would have it: styles and numbering, no frames. */
export function docxParagraph(docx: Docx, p: Paragraph, at: Placement): DocxParagraph {
  const headings = [docx.HeadingLevel.HEADING_1, docx.HeadingLevel.HEADING_2, docx.HeadingLevel.HEADING_3] as const;
  const bar = fillBehind(at.page.fills, p, at.page);
  const common = {
    children: textRuns(docx, p.spans, bar?.color),
    shading: bar ? { type: docx.ShadingType.CLEAR, fill: bar.color, color: 'auto' } : undefined,
    heading: p.heading ? headings[p.heading - 1] : undefined,
    pageBreakBefore: at.pageBreakBefore || undefined,
    keepNext: at.keepNext || undefined,
    spacing: { before: Math.round(at.spaceBefore * TWIPS), after: Math.round(at.spaceAfter * TWIPS) },
    numbering: p.list ? { reference: numberingFor(p.list), level: p.list.depth, instance: p.list.id ?? 0 } : undefined,
  };
  if (p.rtl) return new docx.Paragraph({ ...common, bidirectional: true, alignment: ALIGN[p.align], indent: rightToLeftIndent(p, at) });
  const first = p.lines[0]!;
  const rest = p.lines.slice(1);
  const left = (rest.length ? Math.min(...rest.map((l) => l.x)) : first.x) - at.marginLeft;
  const firstLine = first.x - at.marginLeft - left;
  const indent =
    p.list || p.align === 'center' || p.align === 'right'
      ? undefined
      : { left: Math.max(0, Math.round(left * TWIPS)), ...(firstLine > 2 ? { firstLine: Math.round(firstLine * TWIPS) } : {}) };
  return new docx.Paragraph({
    children: common.children,
    shading: common.shading,
    heading: common.heading,
    alignment: ALIGN[p.align],
    pageBreakBefore: common.pageBreakBefore,
    keepNext: common.keepNext,
    spacing: common.spacing,
    indent: indent && (indent.left > 0 || 'firstLine' in indent) ? indent : undefined,
    numbering: common.numbering,
  });
}

/**
 * A right-to-left paragraph's indents, measured from the right margin. `start` is the right
 * side in a `w:bidi` paragraph; its alignment stays a side of the page (docx swaps left and
 * right in `w:jc` for it, as Word reads them there as start and end).
 */
function rightToLeftIndent(p: Paragraph, at: Placement) {
  if (p.list || p.align === 'center' || p.align === 'left') return undefined;
  const rightEdge = at.marginLeft + at.contentWidth;
  const first = p.lines[0]!;
  const rest = p.lines.slice(1);
  const start = rightEdge - (rest.length ? Math.max(...rest.map((l) => l.x + l.w)) : first.x + first.w);
  const firstLine = rightEdge - (first.x + first.w) - start;
  const indent = { start: Math.max(0, Math.round(start * TWIPS)), ...(firstLine > 2 ? { firstLine: Math.round(firstLine * TWIPS) } : {}) };
  return indent.start > 0 || 'firstLine' in indent ? indent : undefined;
}

/** An empty paragraph that only carries a page break (before a page that starts with a table). */
export function pageBreakParagraph(docx: Docx): DocxParagraph {
  return new docx.Paragraph({ pageBreakBefore: true, spacing: { before: 0, after: 0, line: 20, lineRule: 'exact' } });
}

function cellParagraphs(docx: Docx, cell: TableCell | undefined, align: 'left' | 'right', background?: string): DocxParagraph[] {
  if (!cell || cell.lines.length === 0) return [new docx.Paragraph({})];
  const lines = [...cell.lines].sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  const rtl = lines.filter((l) => l.rtl).length * 2 > lines.length;
  return [new docx.Paragraph({ children: textRuns(docx, joinLineSpans(lines), background), alignment: align, ...(rtl ? { bidirectional: true } : {}) })];
}

/** The cell's rectangle on the page, from the table grid. */
function cellBox(table: Table, row: number, col: number, rowSpan: number, colSpan: number) {
  const x = table.columns[col]!;
  const y = table.rows[row]!;
  return { x, y, w: table.columns[col + colSpan]! - x, h: table.rows[row + rowSpan]! - y };
}

/** Cell padding in twips: the PDF's column positions already hold the white space. */
const CELL_PADDING = 40;

/** Column widths from the grid, widened to fit each column's longest single-cell line. */
function columnWidths(table: Table): number[] {
  const widths = table.columns.slice(1).map((x, i) => Math.max(1, x - table.columns[i]!));
  for (const cell of table.cells) {
    if (cell.colSpan !== 1 || cell.lines.length !== 1) continue;
    // Office fonts often set wider than the PDF's; a fifth more keeps short cells on one line.
    const needed = cell.lines[0]!.w * 1.2 + (2 * CELL_PADDING) / TWIPS;
    widths[cell.col] = Math.max(widths[cell.col]!, needed);
  }
  return widths;
}

/** A real Word table: the detected grid, spans kept, borders only where the PDF drew rules. */
export function docxTable(docx: Docx, table: Table, at: Placement): DocxTable {
  const rowsN = table.rows.length - 1;
  const colsN = table.columns.length - 1;
  const widths = columnWidths(table);
  const scale = Math.min(1, at.contentWidth / widths.reduce((a, b) => a + b, 0));
  const aligns = columnAlignments(table);
  const covered = new Set<string>();
  const starts = new Map<string, TableCell>();
  for (const cell of table.cells) {
    starts.set(`${cell.row},${cell.col}`, cell);
    for (let r = cell.row; r < cell.row + cell.rowSpan; r++) for (let c = cell.col; c < cell.col + cell.colSpan; c++) covered.add(`${r},${c}`);
  }
  const line = { style: docx.BorderStyle.SINGLE, size: 4, color: '000000' };
  const none = { style: docx.BorderStyle.NONE, size: 0, color: 'FFFFFF' };
  const border = table.ruled ? line : none;
  const rows = Array.from({ length: rowsN }, (_, r) => {
    const cells: DocxTableCell[] = [];
    for (let c = 0; c < colsN; c++) {
      const cell = starts.get(`${r},${c}`);
      if (!cell && covered.has(`${r},${c}`)) continue;
      const span = cell?.colSpan ?? 1;
      const width = widths.slice(c, c + span).reduce((a, b) => a + b, 0) * scale;
      const bar = fillBehind(at.page.fills, cellBox(table, r, c, cell?.rowSpan ?? 1, span), at.page);
      cells.push(
        new docx.TableCell({
          children: cellParagraphs(docx, cell, span === 1 ? aligns[c]! : 'left', bar?.color),
          shading: bar ? { type: docx.ShadingType.CLEAR, fill: bar.color, color: 'auto' } : undefined,
          verticalAlign: table.ruled ? docx.VerticalAlignTable.CENTER : undefined,
          columnSpan: span > 1 ? span : undefined,
          rowSpan: cell && cell.rowSpan > 1 ? cell.rowSpan : undefined,
          width: { size: Math.round(width * TWIPS), type: docx.WidthType.DXA },
        }),
      );
    }
    // Rows keep at least their height on the page, so the table looks as it did.
    const height = { value: Math.round((table.rows[r + 1]! - table.rows[r]!) * TWIPS), rule: docx.HeightRule.ATLEAST };
    return new docx.TableRow({ children: cells, height, tableHeader: r < (table.headerRows ?? 0) || undefined });
  });
  return new docx.Table({
    rows,
    columnWidths: widths.map((w) => Math.round(w * scale * TWIPS)),
    width: { size: Math.round(widths.reduce((a, b) => a + b, 0) * scale * TWIPS), type: docx.WidthType.DXA },
    indent: { size: Math.max(0, Math.round((table.x - at.marginLeft) * TWIPS)), type: docx.WidthType.DXA },
    margins: { left: CELL_PADDING, right: CELL_PADDING, top: 0, bottom: 0 },
    borders: { top: border, bottom: border, left: border, right: border, insideHorizontal: border, insideVertical: border },
  });
}

/** An image inline in its own paragraph, at its size on the page (shrunk to fit the margins). */
export function docxImage(docx: Docx, image: PageImage, at: Placement, pageWidth: number): DocxParagraph {
  const scale = Math.min(1, at.contentWidth / image.w);
  const left = Math.min(Math.max(0, image.x - at.marginLeft), at.contentWidth - image.w * scale);
  const centred = Math.abs(image.x + image.w / 2 - pageWidth / 2) < pageWidth * 0.05;
  return new docx.Paragraph({
    alignment: centred ? 'center' : 'left',
    pageBreakBefore: at.pageBreakBefore || undefined,
    keepNext: at.keepNext || undefined,
    spacing: { before: Math.round(at.spaceBefore * TWIPS), after: Math.round(at.spaceAfter * TWIPS) },
    indent: centred || left <= 0 ? undefined : { left: Math.round(left * TWIPS) },
    children: [
      new docx.ImageRun({
        type: 'png',
        data: image.image.png,
        transformation: { width: Math.round(image.w * scale * PX_PER_PT), height: Math.round(image.h * scale * PX_PER_PT) },
      }),
    ],
  });
}
