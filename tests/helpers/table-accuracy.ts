/**
 * Cell accuracy of a PDF → Excel conversion against Markdown ground-truth tables.
 *
 * A ground-truth table is aligned to one sheet by two order-preserving maps, ground-truth
 * columns → sheet columns and ground-truth rows → sheet rows, each allowed to skip (a column the
 * converter split, a caption row it kept, an empty column the ground truth has). The maps are
 * chosen to match as many cells as possible (alternating dynamic programmes, columns then rows,
 * until stable), and the best sheet wins. A cell counts when the sheet holds its value at the
 * mapped row and column: numbers must be stored as numbers of the same value, dates as dates,
 * text equal once white space is ignored. Only non-empty ground-truth cells are counted; values
 * the sheet has where the ground truth is empty are reported as spurious.
 */

export type SheetValue = string | number | boolean | Date | null;

export interface TableScore {
  /** Non-empty ground-truth cells. */
  cells: number;
  /** Of those, found at the mapped row and column with the right value. */
  found: number;
  /** Sheet values inside the mapped rows and columns where the ground truth is empty. */
  spurious: number;
  sheet: string | null;
  /** Ground-truth cells that were not found: expected text and what the sheet held there. */
  misses: { expected: string; got: string }[];
}

/** Every pipe table in a Markdown text, as rows of cell texts (the separator row dropped). */
export function markdownTables(markdown: string): string[][][] {
  const tables: string[][][] = [];
  let current: string[][] = [];
  const close = () => {
    if (current.length) tables.push(current);
    current = [];
  };
  for (const line of markdown.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed.startsWith('|')) {
      close();
      continue;
    }
    const cells = trimmed
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replace(/\\([\\`*_{}[\]()#+\-.!|])/g, '$1'));
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
    current.push(cells);
  }
  close();
  return tables;
}

/** An independent reading of a ground-truth number ("$1,250.00", "(300)", "10.20%", "+15"). */
export function expectedNumber(text: string): number | null {
  const t = text.trim();
  const m = /^([-+])?\s*(\()?\s*[$€£¥]?\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(%)?\s*(\))?$/.exec(t);
  if (!m || Boolean(m[2]) !== Boolean(m[5])) return null;
  let value = Number(m[3]!.replace(/,/g, ''));
  if (m[4]) value /= 100;
  return m[1] === '-' || m[2] ? -value : value;
}

function isoDate(text: string): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? text.trim() : null;
}

export function sheetText(value: SheetValue): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

export function cellMatches(expected: string, got: SheetValue): boolean {
  const number = expectedNumber(expected);
  if (number !== null) return typeof got === 'number' && Math.abs(got - number) <= 1e-9 * Math.max(1, Math.abs(number));
  const date = isoDate(expected);
  if (date !== null) return got instanceof Date && got.toISOString().slice(0, 10) === date;
  if (typeof got === 'number' || got instanceof Date) return false;
  return sheetText(got).replace(/\s+/g, '') === expected.replace(/\s+/g, '');
}

/** The order-preserving partial map a → b that maximises the summed score (LCS-style DP). */
function monotoneMap(score: number[][], a: number, b: number): number[] {
  const best = Array.from({ length: a + 1 }, () => Array<number>(b + 1).fill(0));
  for (let i = 1; i <= a; i++) {
    for (let j = 1; j <= b; j++) best[i]![j] = Math.max(best[i - 1]![j]!, best[i]![j - 1]!, best[i - 1]![j - 1]! + score[i - 1]![j - 1]!);
  }
  const map = Array<number>(a).fill(-1);
  let [i, j] = [a, b];
  while (i > 0 && j > 0) {
    if (best[i]![j] === best[i - 1]![j]) i--;
    else if (best[i]![j] === best[i]![j - 1]) j--;
    else {
      map[i - 1] = j - 1;
      i--;
      j--;
    }
  }
  return map;
}

function alignOne(truth: string[][], rows: SheetValue[][]): { found: number; rowMap: number[]; colMap: number[] } {
  const m = truth.length;
  const n = Math.max(...truth.map((r) => r.length));
  const width = Math.max(0, ...rows.map((r) => r.length));
  const at = (r: number, c: number): SheetValue => rows[r]?.[c] ?? null;
  const filled = (r: number, c: number) => (truth[r]![c] ?? '') !== '';
  const hit = (r: number, c: number, sr: number, sc: number) => (filled(r, c) && sr >= 0 && sc >= 0 && cellMatches(truth[r]![c]!, at(sr, sc)) ? 1 : 0);
  // First guess at the columns: a ground-truth column's values found anywhere in a sheet column.
  const colScore = Array.from({ length: n }, (_, c) =>
    Array.from({ length: width }, (_, k) => truth.reduce((sum, _row, r) => sum + (rows.some((_s, sr) => hit(r, c, sr, k)) ? 1 : 0), 0)),
  );
  let colMap = monotoneMap(colScore, n, width);
  let rowMap: number[] = [];
  let found = -1;
  for (let round = 0; round < 6; round++) {
    const rowScore = truth.map((_, r) => rows.map((_s, sr) => colMap.reduce((sum, sc, c) => sum + hit(r, c, sr, sc), 0)));
    rowMap = monotoneMap(rowScore, m, rows.length);
    const byCol = Array.from({ length: n }, (_, c) => Array.from({ length: width }, (_, k) => rowMap.reduce((sum, sr, r) => sum + hit(r, c, sr, k), 0)));
    colMap = monotoneMap(byCol, n, width);
    const total = rowMap.reduce((sum, sr, r) => sum + colMap.reduce((s, sc, c) => s + hit(r, c, sr, sc), 0), 0);
    if (total <= found) break;
    found = total;
  }
  return { found: Math.max(0, found), rowMap, colMap };
}

/**
 * Where an unmapped row or column would be if it sat in order between its mapped neighbours
 * (for reporting what the sheet held there; the count of found cells never uses it).
 */
function fillGaps(map: number[]): number[] {
  return map.map((v, i) => {
    if (v >= 0) return v;
    const before = map.slice(0, i).findLastIndex((x) => x >= 0);
    const after = map.findIndex((x, j) => j > i && x >= 0);
    if (before >= 0 && (after < 0 || map[after]! - map[before]! === after - before)) return map[before]! + (i - before);
    if (before < 0 && after >= 0 && map[after]! - (after - i) >= 0) return map[after]! - (after - i);
    return -1;
  });
}

/** Scores one ground-truth table against the best-matching sheet of a workbook. */
export function scoreTable(truth: string[][], sheets: { name: string; rows: SheetValue[][] }[]): TableScore {
  const cells = truth.reduce((n, row) => n + row.filter((c) => c !== '').length, 0);
  let best: TableScore = { cells, found: 0, spurious: 0, sheet: null, misses: [] };
  let bestFound = -1;
  for (const sheet of sheets) {
    if (sheet.rows.length === 0) continue;
    const { found, rowMap, colMap } = alignOne(truth, sheet.rows);
    if (found <= bestFound) continue;
    bestFound = found;
    const misses: TableScore['misses'] = [];
    let spurious = 0;
    const rowAt = fillGaps(rowMap);
    const colAt = fillGaps(colMap);
    truth.forEach((row, r) => {
      row.forEach((expected, c) => {
        const sr = rowAt[r]!;
        const sc = colAt[c] ?? -1;
        const got = sr >= 0 && sc >= 0 ? (sheet.rows[sr]?.[sc] ?? null) : null;
        if (expected === '') {
          if (got !== null && sheetText(got).trim() !== '') spurious++;
        } else if (!cellMatches(expected, got)) {
          misses.push({ expected, got: sheetText(got) });
        }
      });
    });
    best = { cells, found, spurious, sheet: sheet.name, misses };
  }
  return best;
}

export interface ReadSheet {
  name: string;
  rows: SheetValue[][];
  /** Merged ranges as exceljs names them ("B1:C1"). */
  merges: string[];
}

/**
 * Every sheet's values as stored: cells covered by a merge read as empty (exceljs would repeat
 * the master's value there), rich text as its plain text.
 */
export async function readSheets(bytes: Uint8Array): Promise<ReadSheet[]> {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: SheetValue[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, n) => {
      const values: SheetValue[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        const v = cell.isMerged && cell.master !== cell ? null : (cell.value as unknown);
        values[col - 1] = plainValue(v);
      });
      rows[n - 1] = Array.from(values, (v) => v ?? null);
    });
    // exceljs keeps merges on the model; the public API has no getter for them.
    const merges = ((sheet.model as unknown as { merges?: string[] }).merges ?? []).slice();
    return { name: sheet.name, rows: Array.from(rows, (r) => r ?? []), merges };
  });
}

function plainValue(v: unknown): SheetValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object' && 'richText' in v) return (v as { richText: { text: string }[] }).richText.map((r) => r.text).join('');
  if (typeof v === 'object' && 'hyperlink' in v && 'text' in v) return plainValue(v.text);
  if (typeof v === 'object' && 'result' in v) return plainValue(v.result);
  // Error values and other cell kinds, shown as their JSON so a miss report stays readable.
  return JSON.stringify(v);
}
