import type { Workbook, Worksheet } from 'exceljs';
import { renameExt, type ConvertOp } from './types';
import { analyzePdf } from './pdf-analyze';
import { recognisedOf } from './pdf-scan-page';
import type { PdfPage } from './pdf-page-model';
import { parseCellDate, parseCellNumber } from './pdf-numbers';
import { cellText } from './pdf-tables';
import type { Table } from './pdf-table-model';

function setValue(sheet: Worksheet, row: number, col: number, text: string, bold: boolean): void {
  const cell = sheet.getCell(row, col);
  const number = parseCellNumber(text);
  const date = number ? null : parseCellDate(text);
  if (number) {
    cell.value = number.value;
    if (number.format) cell.numFmt = number.format;
  } else if (date) {
    cell.value = date.value;
    cell.numFmt = date.format;
  } else {
    cell.value = text;
  }
  if (bold) cell.font = { bold: true };
}

function fitColumns(sheet: Worksheet, widths: number[]): void {
  widths.forEach((chars, i) => {
    sheet.getColumn(i + 1).width = Math.min(60, Math.max(8, chars + 2));
  });
}

function tableSheet(workbook: Workbook, name: string, table: Table): void {
  const sheet = workbook.addWorksheet(name);
  // The PDF's merged header cells are the table's first rows; keep them in view when scrolling.
  const headerRows = Math.max(1, ...table.cells.filter((c) => c.row === 0).map((c) => c.rowSpan));
  if (table.rows.length - 1 > headerRows + 1) sheet.views = [{ state: 'frozen', ySplit: headerRows }];
  const widths = Array<number>(table.columns.length - 1).fill(0);
  for (const cell of table.cells) {
    const text = cellText(cell);
    if (!text) continue;
    const bold = cell.lines.length > 0 && cell.lines.every((l) => l.spans.every((s) => s.font.bold || !s.text.trim()));
    setValue(sheet, cell.row + 1, cell.col + 1, text, bold);
    if (cell.colSpan > 1 || cell.rowSpan > 1) sheet.mergeCells(cell.row + 1, cell.col + 1, cell.row + cell.rowSpan, cell.col + cell.colSpan);
    else widths[cell.col] = Math.max(widths[cell.col]!, text.length);
  }
  fitColumns(sheet, widths);
}

/** A page without tables: its lines, in reading order, down one column. */
function linesSheet(workbook: Workbook, name: string, page: PdfPage): void {
  const sheet = workbook.addWorksheet(name);
  const lines = page.flow.flatMap((f) => (f.kind === 'paragraph' ? f.paragraph.lines : []));
  lines.forEach((line, i) => {
    sheet.getCell(i + 1, 1).value = line.text;
  });
  fitColumns(sheet, [Math.max(0, ...lines.map((l) => l.text.length))]);
}

interface SheetEntry {
  page: number;
  name: string;
  table: Table | null;
}

const SUMMARY_HEADER = ['Page', 'Table', 'Sheet', 'Rows', 'Columns', 'Found from'];

/** The first sheet: each page's tables, their size and how they were found, linked to their sheets. */
function summarySheet(workbook: Workbook, entries: SheetEntry[]): void {
  const sheet = workbook.addWorksheet('Summary');
  sheet.addRow(SUMMARY_HEADER).font = { bold: true };
  for (const entry of entries) {
    const link = { text: entry.name, hyperlink: `#'${entry.name}'!A1` };
    if (entry.table) {
      const index = Number(/Table (\d+)$/.exec(entry.name)?.[1] ?? 1);
      sheet.addRow([entry.page, index, link, entry.table.rows.length - 1, entry.table.columns.length - 1, entry.table.ruled ? 'ruling lines' : 'column alignment']);
    } else {
      sheet.addRow([entry.page, 0, link, null, null, 'no table: the page text']);
    }
  }
  fitColumns(sheet, [4, 5, Math.max(5, ...entries.map((e) => e.name.length)), 4, 7, 22]);
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

/**
 * PDF → Excel: a summary sheet of the tables found per page, then each table found on a page
 * (from ruling lines or column alignment) as a sheet "Page N Table M", one value per cell,
 * numbers and dates as such in the format the PDF showed them, merged cells merged. A page
 * with no table gives a sheet of its lines, so no text is lost.
 */
export const pdfToXlsx: ConvertOp = async (input, opts = {}) => {
  const model = await analyzePdf(input.bytes, { ...opts, progressShare: 0.85 });
  const mod = await import('exceljs');
  // exceljs is CommonJS: Node hands it over as `default`, a bundler may flatten it.
  const ExcelJS = mod.default ?? mod;
  const workbook = new ExcelJS.Workbook();
  const entries: SheetEntry[] = model.pages.flatMap((page): SheetEntry[] => {
    const tables = page.flow.flatMap((f) => (f.kind === 'table' ? [f.table] : []));
    if (tables.length === 0) return [{ page: page.number, name: `Page ${page.number}`, table: null }];
    return tables.map((table, i) => ({ page: page.number, name: `Page ${page.number} Table ${i + 1}`, table }));
  });
  summarySheet(workbook, entries);
  for (const entry of entries) {
    if (entry.table) tableSheet(workbook, entry.name, entry.table);
    else linesSheet(workbook, entry.name, model.pages.find((p) => p.number === entry.page)!);
  }
  const written = await workbook.xlsx.writeBuffer();
  const bytes = new Uint8Array(written);
  opts.onProgress?.(1);
  return { name: renameExt(input.name, 'xlsx'), mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes, ...recognisedOf(model) };
};
