import type { Workbook, Worksheet } from 'exceljs';
import { renameExt, type ConvertOp } from './types';
import { analyzePdf } from './pdf-analyze';
import type { PdfPage } from './pdf-page-model';
import { parseCellNumber } from './pdf-numbers';
import { cellText } from './pdf-tables';
import type { Table } from './pdf-table-model';

function setValue(sheet: Worksheet, row: number, col: number, text: string, bold: boolean): void {
  const cell = sheet.getCell(row, col);
  const number = parseCellNumber(text);
  if (number) {
    cell.value = number.value;
    if (number.format) cell.numFmt = number.format;
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

/**
 * PDF → Excel: each table found on a page (from ruling lines or column alignment) becomes a
 * sheet "Page N Table M", numbers as numbers in the format the PDF showed them. A page with
 * no table gives a sheet of its lines, so no text is lost.
 */
export const pdfToXlsx: ConvertOp = async (input, opts = {}) => {
  const model = await analyzePdf(input.bytes, { ...opts, progressShare: 0.85 });
  const mod = await import('exceljs');
  // exceljs is CommonJS: Node hands it over as `default`, a bundler may flatten it.
  const ExcelJS = mod.default ?? mod;
  const workbook = new ExcelJS.Workbook();
  for (const page of model.pages) {
    const tables = page.flow.flatMap((f) => (f.kind === 'table' ? [f.table] : []));
    if (tables.length === 0) linesSheet(workbook, `Page ${page.number}`, page);
    tables.forEach((table, i) => tableSheet(workbook, `Page ${page.number} Table ${i + 1}`, table));
  }
  if (workbook.worksheets.length === 0) workbook.addWorksheet('Page 1');
  const written = await workbook.xlsx.writeBuffer();
  const bytes = new Uint8Array(written);
  opts.onProgress?.(1);
  return { name: renameExt(input.name, 'xlsx'), mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes };
};
