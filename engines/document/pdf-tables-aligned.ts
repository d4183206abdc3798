import type { Line } from './pdf-layout-lines';
import type { Table, TableCell, TableSearch } from './pdf-table-model';

interface VisualRow {
  lines: Line[];
  baseline: number;
  size: number;
}

/** Rows further apart than this many ems end a table. */
const MAX_ROW_GAP_EM = 3.2;
/** Cells longer than this on average are prose in columns, not a table. */
const MAX_AVERAGE_CELL_CHARS = 40;

function groupVisualRows(lines: Line[]): VisualRow[] {
  const rows: VisualRow[] = [];
  for (const line of [...lines].sort((a, b) => a.baseline - b.baseline || a.x - b.x)) {
    const last = rows.at(-1);
    if (last && Math.abs(line.baseline - last.baseline) <= 0.4 * Math.min(line.size, last.size)) {
      last.lines.push(line);
      last.size = Math.max(last.size, line.size);
    } else {
      rows.push({ lines: [line], baseline: line.baseline, size: line.size });
    }
  }
  for (const row of rows) row.lines.sort((a, b) => a.x - b.x);
  return rows;
}

/** Runs of rows that have several cells, with single short lines allowed between them. */
function candidateRegions(rows: VisualRow[]): VisualRow[][] {
  const regions: VisualRow[][] = [];
  let current: VisualRow[] = [];
  const close = () => {
    while (current.length && current.at(-1)!.lines.length < 2) current.pop();
    if (current.length >= 2) regions.push(current);
    current = [];
  };
  for (const row of rows) {
    const previous = current.at(-1);
    if (previous && row.baseline - previous.baseline > MAX_ROW_GAP_EM * Math.max(row.size, previous.size)) close();
    if (row.lines.length >= 2) current.push(row);
    else if (current.length && row.lines[0]!.text.length <= MAX_AVERAGE_CELL_CHARS) current.push(row);
    else close();
  }
  close();
  return regions;
}

const EDGE_TOLERANCE = 2.5;

/** Groups lines whose `edge` values lie within the tolerance of each other. */
function edgeClusters(lines: Line[], edge: (l: Line) => number): Line[][] {
  const sorted = [...lines].sort((a, b) => edge(a) - edge(b));
  const clusters: Line[][] = [];
  for (const line of sorted) {
    const last = clusters.at(-1);
    if (last && edge(line) - edge(last.at(-1)!) <= EDGE_TOLERANCE) last.push(line);
    else clusters.push([line]);
  }
  // An edge shared by lines of at least two rows is a column edge.
  return clusters.filter((c) => new Set(c.map((l) => l.baseline)).size >= 2);
}

/**
 * Columns from aligned edges: lines starting at the same x (left-aligned cells) form a column,
 * and so do lines ending at the same x (right-aligned numbers). Lines aligned with nothing
 * (titles spanning several columns) do not shape the columns.
 */
function findColumns(rows: VisualRow[]): [number, number][] {
  const lines = rows.filter((r) => r.lines.length >= 2).flatMap((r) => r.lines);
  const owner = new Map<Line, number>();
  const lefts = edgeClusters(lines, (l) => l.x);
  lefts.forEach((cluster, i) => cluster.forEach((line) => owner.set(line, i)));
  let next = lefts.length;
  // A line starting inside a left-aligned column without sharing its edge is a heading spanning
  // that column and the next (it may end where the next column's cells end, by chance).
  const leftExtents = lefts.map((c) => [c[0]!.x, Math.max(...c.map((l) => l.x + l.w))] as const);
  const spanning = (l: Line) => !owner.has(l) && leftExtents.some(([a, b]) => l.x > a + EDGE_TOLERANCE && l.x < b);
  for (const cluster of edgeClusters(
    lines.filter((l) => !spanning(l)),
    (l) => l.x + l.w,
  )) {
    const owners = new Set(cluster.flatMap((l) => (owner.has(l) ? [owner.get(l)!] : [])));
    // Right edges shared by lines of two left-aligned columns are a coincidence.
    if (owners.size > 1) continue;
    const column = owners.size === 1 ? [...owners][0]! : next++;
    for (const line of cluster) if (!owner.has(line)) owner.set(line, column);
  }
  const extents = new Map<number, [number, number]>();
  for (const [line, root] of owner) {
    const extent = extents.get(root);
    if (extent) extents.set(root, [Math.min(extent[0], line.x), Math.max(extent[1], line.x + line.w)]);
    else extents.set(root, [line.x, line.x + line.w]);
  }
  // Columns that mostly cover each other are one column read two ways; a long cell running
  // into the next column does not merge them.
  const columns: [number, number][] = [];
  for (const extent of [...extents.values()].sort((a, b) => a[0] - b[0])) {
    const last = columns.at(-1);
    const overlap = last ? Math.min(last[1], extent[1]) - Math.max(last[0], extent[0]) : 0;
    if (last && overlap > 0.5 * Math.max(last[1] - last[0], extent[1] - extent[0])) last[1] = Math.max(last[1], extent[1]);
    else columns.push(extent);
  }
  return columns;
}

/** The columns a line belongs to: the one its left edge falls in, through the ones it reaches. */
function columnsOf(line: Line, columns: [number, number][]): number[] {
  const hits: number[] = [];
  columns.forEach(([a, b], i) => {
    const next = columns[i + 1];
    const end = next ? Math.min(b, next[0]) : b;
    const overlap = Math.min(end, line.x + line.w) - Math.max(a, line.x);
    // Running a little into the next column is overflow, not a cell spanning it.
    if (overlap > Math.max(1, 0.3 * (end - a)) || (line.x >= a - 1 && line.x < end)) hits.push(i);
  });
  if (hits.length) return hits;
  const nearest = columns.reduce((best, [a], i) => (Math.abs(a - line.x) < Math.abs(columns[best]![0] - line.x) ? i : best), 0);
  return [nearest];
}

/**
 * A cell's text wrapped onto a second line ("State funded" / "legal aid") makes a row of its
 * own, closer to the row above than rows are to each other; it joins that row when each of its
 * lines sits under a cell the row above has.
 */
function joinWrappedRows(rows: VisualRow[], columns: [number, number][]): VisualRow[] {
  if (rows.length < 3) return rows;
  const gaps = rows.slice(1).map((row, i) => row.baseline - rows[i]!.baseline);
  const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
  const out: VisualRow[] = [rows[0]!];
  rows.slice(1).forEach((row, i) => {
    const above = out.at(-1)!;
    const gap = gaps[i]!;
    const taken = new Set(above.lines.map((l) => columnsOf(l, columns)[0]));
    const under = row.lines.every((l) => taken.has(columnsOf(l, columns)[0]));
    if (gap < 0.75 * median && gap <= 1.6 * Math.max(row.size, above.size) && under) {
      above.lines.push(...row.lines);
    } else {
      out.push({ ...row, lines: [...row.lines] });
    }
  });
  return out;
}

function buildTable(found: VisualRow[]): Table | null {
  const columns = findColumns(found);
  if (columns.length < 2 || columns.length > 20) return null;
  const lines = found.flatMap((r) => r.lines);
  const averageChars = lines.reduce((n, l) => n + l.text.length, 0) / lines.length;
  if (averageChars > (columns.length === 2 ? 30 : MAX_AVERAGE_CELL_CHARS)) return null;
  const rows = joinWrappedRows(found, columns);
  const cells: TableCell[] = [];
  let rowsWithSeveralCells = 0;
  rows.forEach((row, r) => {
    const byColumn = new Map<number, TableCell>();
    for (const line of row.lines) {
      const hits = columnsOf(line, columns);
      const col = hits[0]!;
      const cell = byColumn.get(col);
      if (cell) cell.lines.push(line);
      else byColumn.set(col, { row: r, col, rowSpan: 1, colSpan: hits.at(-1)! - col + 1, lines: [line] });
    }
    if (byColumn.size >= 2) rowsWithSeveralCells++;
    cells.push(...[...byColumn.values()].sort((a, b) => a.col - b.col));
  });
  if (rowsWithSeveralCells < 2 || proseColumns(cells, columns)) return null;
  const bounds = [columns[0]![0] - 2, ...columns.slice(1).map(([a], i) => Math.min(a - 1, (columns[i]![1] + a) / 2)), Math.max(...columns.map((c) => c[1])) + 2];
  for (let i = 1; i < bounds.length; i++) bounds[i] = Math.max(bounds[i]!, bounds[i - 1]! + 1);
  const tops = rows.map((row) => Math.min(...row.lines.map((l) => l.y)));
  const bottoms = rows.map((row) => Math.max(...row.lines.map((l) => l.y + l.h)));
  const rowBounds = [tops[0]! - 1, ...tops.slice(1).map((t, i) => (bottoms[i]! + t) / 2), bottoms.at(-1)! + 1];
  return {
    x: bounds[0]!,
    y: rowBounds[0]!,
    w: bounds.at(-1)! - bounds[0]!,
    h: rowBounds.at(-1)! - rowBounds[0]!,
    columns: bounds,
    rows: rowBounds,
    cells,
    ruled: false,
  };
}

/**
 * Newspaper columns look like a table of two or three columns; their lines, though, fill the
 * column and hold several words each, which table cells seldom do.
 */
function proseColumns(cells: TableCell[], columns: [number, number][]): boolean {
  const full = columns.filter(([a, b], i) => {
    const lines = cells.filter((c) => c.col === i && c.colSpan === 1).flatMap((c) => c.lines);
    const filled = lines.filter((l) => l.w >= 0.85 * (b - a) && l.text.trim().split(/\s+/).length >= 4);
    return lines.length >= 3 && filled.length >= 0.6 * lines.length;
  });
  return full.length >= 2;
}

/** Splits a region at a single line that crosses its column gutters (a title between tables). */
function splitAtCrossingLines(rows: VisualRow[]): VisualRow[][] {
  const columns = findColumns(rows.filter((r) => r.lines.length >= 2));
  const index = rows.findIndex((r) => r.lines.length === 1 && columnsOf(r.lines[0]!, columns).length > 1);
  if (index < 0 || columns.length < 2) return [rows];
  return [rows.slice(0, index), ...splitAtCrossingLines(rows.slice(index + 1))];
}

/** Tables without rules, found from text lines that line up in columns over several rows. */
export function findAlignedTables(lines: Line[]): TableSearch {
  const tables: Table[] = [];
  const visualRows = groupVisualRows(lines);
  for (const region of candidateRegions(visualRows)) {
    for (const part of splitAtCrossingLines(region)) {
      const trimmed = trimSingleRows(part);
      const above = visualRows[visualRows.indexOf(trimmed[0]!) - 1] ?? null;
      const table = trimmed.length >= 2 ? buildTable(withSpanningHeader(above, trimmed)) : null;
      if (table) tables.push(table);
    }
  }
  const used = new Set(tables.flatMap((t) => t.cells.flatMap((c) => c.lines)));
  return { tables, rest: lines.filter((l) => !used.has(l)) };
}

/**
 * A lone line just above the table, centred over two or more of its columns, is a merged header
 * cell ("Amount" over "2024" and "2025"); a title or caption starts at the left and stays out.
 */
function withSpanningHeader(above: VisualRow | null, rows: VisualRow[]): VisualRow[] {
  const first = rows[0];
  if (!above || !first || above.lines.length !== 1) return rows;
  const line = above.lines[0]!;
  if (first.baseline - above.baseline > 1.8 * Math.max(first.size, above.size)) return rows;
  const columns = findColumns(rows);
  const hits = columns.length >= 2 ? columnsOf(line, columns) : [];
  if (hits.length < 2) return rows;
  const left = columns[hits[0]!]![0];
  const right = columns[hits.at(-1)!]![1];
  const centred = Math.abs(line.x + line.w / 2 - (left + right) / 2) < 0.15 * (right - left) && line.x - left > EDGE_TOLERANCE;
  return centred ? [above, ...rows] : rows;
}

function trimSingleRows(rows: VisualRow[]): VisualRow[] {
  let start = 0;
  let end = rows.length;
  while (start < end && rows[start]!.lines.length < 2) start++;
  while (end > start && rows[end - 1]!.lines.length < 2) end--;
  return rows.slice(start, end);
}
