import type { Rule } from './pdf-paths';
import type { Line } from './pdf-layout-lines';
import type { Table, TableCell, TableSearch } from './pdf-table-model';

const TOLERANCE = 2;

/** Clusters nearby coordinates into one value each. */
function clusterValues(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[] = [];
  for (const v of sorted) {
    if (out.length && v - out.at(-1)! <= TOLERANCE) continue;
    out.push(v);
  }
  return out;
}

/** Tables often omit their outer borders; the crossing rules' ends stand in for them. */
function withOuterEdges(bounds: number[], crossing: Rule[]): number[] {
  const first = Math.min(...crossing.map((r) => r.from));
  const last = Math.max(...crossing.map((r) => r.to));
  return [...(first < bounds[0]! - 2 * TOLERANCE ? [first] : []), ...bounds, ...(last > bounds.at(-1)! + 2 * TOLERANCE ? [last] : [])];
}

function crosses(h: Rule, v: Rule): boolean {
  return v.at >= h.from - TOLERANCE && v.at <= h.to + TOLERANCE && h.at >= v.from - TOLERANCE && h.at <= v.to + TOLERANCE;
}

/** Groups rules that touch into connected sets, each a table candidate. */
function connectedSets(rules: Rule[]): Rule[][] {
  const parent = rules.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  rules.forEach((a, i) => {
    rules.forEach((b, j) => {
      if (j > i && a.orientation !== b.orientation && crosses(a.orientation === 'h' ? a : b, a.orientation === 'h' ? b : a)) parent[find(i)] = find(j);
    });
  });
  const sets = new Map<number, Rule[]>();
  rules.forEach((rule, i) => sets.set(find(i), [...(sets.get(find(i)) ?? []), rule]));
  return [...sets.values()];
}

function covered(rules: Rule[], at: number, point: number): boolean {
  return rules.some((r) => Math.abs(r.at - at) <= TOLERANCE && r.from - TOLERANCE <= point && point <= r.to + TOLERANCE);
}

/** Builds the grid of one rule set, merging grid cells that no rule separates. */
function gridTable(set: Rule[], lines: Line[]): Table | null {
  const hs = set.filter((r) => r.orientation === 'h');
  const vs = set.filter((r) => r.orientation === 'v');
  if (clusterValues(vs.map((r) => r.at)).length < 2 || clusterValues(hs.map((r) => r.at)).length < 2) return null;
  const xs = withOuterEdges(clusterValues(vs.map((r) => r.at)), hs);
  const ys = withOuterEdges(clusterValues(hs.map((r) => r.at)), vs);
  const rowsN = ys.length - 1;
  const colsN = xs.length - 1;
  if (rowsN < 1 || colsN < 1 || rowsN * colsN < 2) return null;
  const index = (r: number, c: number) => r * colsN + c;
  const parent = Array.from({ length: rowsN * colsN }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let r = 0; r < rowsN; r++) {
    const midY = (ys[r]! + ys[r + 1]!) / 2;
    for (let c = 0; c < colsN; c++) {
      const midX = (xs[c]! + xs[c + 1]!) / 2;
      if (c + 1 < colsN && !covered(vs, xs[c + 1]!, midY)) parent[find(index(r, c + 1))] = find(index(r, c));
      if (r + 1 < rowsN && !covered(hs, ys[r + 1]!, midX)) parent[find(index(r + 1, c))] = find(index(r, c));
    }
  }
  const groups = new Map<number, { r0: number; c0: number; r1: number; c1: number }>();
  for (let r = 0; r < rowsN; r++) {
    for (let c = 0; c < colsN; c++) {
      const g = groups.get(find(index(r, c)));
      if (!g) groups.set(find(index(r, c)), { r0: r, c0: c, r1: r, c1: c });
      else Object.assign(g, { r1: Math.max(g.r1, r), c1: Math.max(g.c1, c) });
    }
  }
  const cells: TableCell[] = [...groups.values()]
    .map((g) => ({
      row: g.r0,
      col: g.c0,
      rowSpan: g.r1 - g.r0 + 1,
      colSpan: g.c1 - g.c0 + 1,
      lines: lines.filter((l) => {
        const cx = l.x + Math.min(l.w / 2, l.size);
        const cy = l.y + l.h / 2;
        return cx >= xs[g.c0]! && cx < xs[g.c1 + 1]! && cy >= ys[g.r0]! && cy < ys[g.r1 + 1]!;
      }),
    }))
    .sort((a, b) => a.row - b.row || a.col - b.col);
  const filled = cells.filter((c) => c.lines.length > 0);
  // One box around text is a frame, not a table.
  if (cells.length < 2 || filled.length < 2) return null;
  return { x: xs[0]!, y: ys[0]!, w: xs.at(-1)! - xs[0]!, h: ys.at(-1)! - ys[0]!, columns: xs, rows: ys, cells, ruled: true };
}

/**
 * Tables whose cells are drawn with rules. Rules running most of the page height are page
 * frames or column separators and are ignored; partial borders (fewer than two drawn
 * vertical rules) are left to the alignment search, which reads them better.
 */
export function findRuledTables(lines: Line[], rules: Rule[], page: { width: number; height: number }): TableSearch {
  // Thousands of rules are a drawing (a chart or hatching), not a table.
  if (rules.length > 3000) return { tables: [], rest: lines };
  const usable = rules.filter((r) => (r.orientation === 'v' ? r.to - r.from < page.height * 0.7 : r.to - r.from < page.width * 0.98));
  const tables: Table[] = [];
  for (const set of connectedSets(usable)) {
    const table = gridTable(set, lines);
    if (table) tables.push(table);
  }
  const used = new Set(tables.flatMap((t) => t.cells.flatMap((c) => c.lines)));
  return { tables, rest: lines.filter((l) => !used.has(l)) };
}
