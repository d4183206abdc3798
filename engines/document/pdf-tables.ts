import type { Rule } from './pdf-paths';
import type { Line } from './pdf-layout-lines';
import { findAlignedTables } from './pdf-tables-aligned';
import { findRuledTables } from './pdf-tables-ruled';
import { splitPageColumns } from './pdf-page-columns';
import type { Table, TableCell, TableSearch } from './pdf-table-model';

export function cellText(cell: TableCell): string {
  return cell.lines.map((l) => l.text).join(' ').trim();
}

/**
 * Tables drawn with rules first, then tables found from column alignment in what is left,
 * each column of the page searched on its own.
 */
export function findTables(lines: Line[], rules: Rule[], page: { width: number; height: number }): TableSearch {
  const ruled = findRuledTables(lines, rules, page);
  const aligned = splitPageColumns(ruled.rest).map((column) => findAlignedTables(column));
  const used = new Set(aligned.flatMap((a) => a.tables.flatMap((t) => t.cells.flatMap((c) => c.lines))));
  // The rest keeps the page's line order, which the block builder expects.
  return { tables: [...ruled.tables, ...aligned.flatMap((a) => a.tables)], rest: ruled.rest.filter((l) => !used.has(l)) };
}

/** Rows of cell texts, with spanned positions left empty. */
export function tableGrid(table: Table): string[][] {
  const grid = Array.from({ length: table.rows.length - 1 }, () => Array<string>(table.columns.length - 1).fill(''));
  for (const cell of table.cells) {
    const row = grid[cell.row];
    if (row) row[cell.col] = cellText(cell);
  }
  return grid;
}

/** How each column's text is aligned: right when the cells end together but start apart. */
export function columnAlignments(table: Table): ('left' | 'right')[] {
  return table.columns.slice(1).map((_, col) => {
    const lines = table.cells.filter((c) => c.col === col && c.colSpan === 1 && c.lines.length === 1).map((c) => c.lines[0]!);
    if (lines.length < 2) return 'left';
    const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
    return spread(lines.map((l) => l.x + l.w)) < 2 && spread(lines.map((l) => l.x)) > 2 ? 'right' : 'left';
  });
}
