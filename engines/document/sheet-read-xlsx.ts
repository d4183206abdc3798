import type { CellValue, Worksheet } from 'exceljs';
import { EngineError } from './types';
import { trimTable, type CellRange, type SheetCell, type SheetTable } from './sheet-model';

/** Reads every worksheet of an xlsx file, in tab order. */
export async function readXlsx(bytes: Uint8Array): Promise<SheetTable[]> {
  const mod = await import('exceljs');
  // exceljs is CommonJS: Node hands it over as `default`, a bundler may flatten it.
  const ExcelJS = mod.default ?? mod;
  const workbook = new ExcelJS.Workbook();
  try {
    // The typings ask for a Node Buffer; at run time exceljs hands the bytes to JSZip, which takes a Uint8Array.
    await workbook.xlsx.load(bytes as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  } catch (err) {
    throw new EngineError('unreadable', `Not a readable xlsx file: ${String(err)}`);
  }
  if (workbook.worksheets.length === 0) throw new EngineError('unreadable', 'The file holds no worksheets');
  return workbook.worksheets.map(readWorksheet);
}

function readWorksheet(sheet: Worksheet): SheetTable {
  const grid: SheetCell[][] = [];
  const merges = new Map<string, CellRange>();
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    row.eachCell({ includeEmpty: false }, (cell, colNumber) => {
      const r = rowNumber - 1;
      const c = colNumber - 1;
      const master = cell.master;
      if (cell.isMerged && master.address !== cell.address) {
        // exceljs answers a covered cell with its master's value; the value belongs to the master only.
        const mr = Number(master.row) - 1;
        const mc = Number(master.col) - 1;
        const range = merges.get(master.address) ?? { top: mr, left: mc, bottom: mr, right: mc };
        range.bottom = Math.max(range.bottom, r);
        range.right = Math.max(range.right, c);
        merges.set(master.address, range);
        return;
      }
      (grid[r] ??= [])[c] = plainValue(cell.value);
    });
  });
  return trimTable(sheet.name, Array.from(grid, (row) => Array.from(row ?? [], (v) => v ?? null)), [...merges.values()]);
}

/** Formulas become their cached result, rich text and hyperlinks their text, errors their code. */
function plainValue(value: CellValue): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('error' in value) return value.error;
  // Read from a file, a hyperlink's text can itself be rich text.
  if ('hyperlink' in value) return plainValue(value.text);
  if ('result' in value) return plainValue(value.result ?? null);
  return null;
}
