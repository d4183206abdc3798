/**
 * The one shape every spreadsheet reader produces and every Excel op renders, so that xlsx and
 * csv inputs give the same results and each op stays a small renderer.
 */

/** A typed cell: formulas are already their cached result, rich text already flattened. */
export type SheetCell = string | number | boolean | Date | null;

/** A merged range in table coordinates (0-based, inclusive). */
export interface CellRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface SheetTable {
  name: string;
  /** Rectangular: every row has the same length; empty leading and trailing rows and columns are gone. */
  rows: SheetCell[][];
  merges: CellRange[];
}

/** A cell as drawn in a table: covered cells of a merge are left out, as HTML, Word and PowerPoint want. */
export interface LaidOutCell {
  value: SheetCell;
  col: number;
  colSpan: number;
  rowSpan: number;
}

/**
 * Lays out rows [start, end) of a table. A merge that crosses the window's edge is clipped to
 * it and its value repeated, so a header or a slide rendered on its own still reads correctly.
 */
export function layoutRows(table: SheetTable, start: number, end: number): LaidOutCell[][] {
  const width = table.rows[0]?.length ?? 0;
  const covered = new Set<string>();
  const spans = new Map<string, { colSpan: number; rowSpan: number; value: SheetCell }>();
  for (const m of table.merges) {
    const top = Math.max(m.top, start);
    const bottom = Math.min(m.bottom, end - 1);
    if (top > bottom) continue;
    const value = table.rows[m.top]?.[m.left] ?? null;
    spans.set(`${top}:${m.left}`, { colSpan: m.right - m.left + 1, rowSpan: bottom - top + 1, value });
    for (let r = top; r <= bottom; r++) {
      for (let c = m.left; c <= m.right; c++) if (r !== top || c !== m.left) covered.add(`${r}:${c}`);
    }
  }
  const out: LaidOutCell[][] = [];
  for (let r = start; r < end; r++) {
    const row: LaidOutCell[] = [];
    for (let c = 0; c < width; c++) {
      if (covered.has(`${r}:${c}`)) continue;
      const span = spans.get(`${r}:${c}`);
      row.push({ value: span ? span.value : (table.rows[r]?.[c] ?? null), col: c, colSpan: span?.colSpan ?? 1, rowSpan: span?.rowSpan ?? 1 });
    }
    out.push(row);
  }
  return out;
}

/** Sheets worth drawing: a sheet with no cells gets no heading, table or slide. */
export function nonEmptySheets(tables: SheetTable[]): SheetTable[] {
  return tables.filter((t) => t.rows.length > 0);
}

/**
 * Drops empty rows and columns around the data (leading too: a table that starts at C3 should
 * not get two columns of nothing) and pads ragged rows. Merges are moved into the new frame.
 */
export function trimTable(name: string, grid: SheetCell[][], merges: CellRange[]): SheetTable {
  let top = Infinity, left = Infinity, bottom = -1, right = -1;
  const include = (r: number, c: number) => {
    top = Math.min(top, r); left = Math.min(left, c); bottom = Math.max(bottom, r); right = Math.max(right, c);
  };
  grid.forEach((row, r) => row.forEach((v, c) => { if (!isBlank(v)) include(r, c); }));
  const live = merges.filter((m) => !isBlank(grid[m.top]?.[m.left] ?? null));
  for (const m of live) { include(m.top, m.left); include(m.bottom, m.right); }
  if (bottom < 0) return { name, rows: [], merges: [] };
  const rows: SheetCell[][] = [];
  for (let r = top; r <= bottom; r++) {
    const row: SheetCell[] = [];
    for (let c = left; c <= right; c++) row.push(grid[r]?.[c] ?? null);
    rows.push(row);
  }
  const moved = live.map((m) => ({ top: m.top - top, left: m.left - left, bottom: m.bottom - top, right: m.right - left }));
  return { name, rows, merges: moved };
}

function isBlank(v: SheetCell): boolean {
  return v === null || (typeof v === 'string' && v.trim() === '');
}
