import type { FlowItem, PdfPage } from './pdf-page-model';
import { splitParagraphs } from './pdf-paragraphs';
import type { Table } from './pdf-table-model';

/**
 * A borderless table whose first row holds one cell alone, across two columns or more, has a
 * title printed above it rather than a row: in Word that is a paragraph before the table.
 */
function titleRow(table: Table): boolean {
  if (table.ruled || table.rows.length < 4) return false;
  const first = table.cells.filter((c) => c.row === 0 && c.lines.length > 0);
  return first.length === 1 && first[0]!.colSpan >= 2;
}

function withoutFirstRow(table: Table): Table {
  const top = table.rows[1]!;
  return {
    ...table,
    y: top,
    h: table.y + table.h - top,
    rows: table.rows.slice(1),
    cells: table.cells.filter((c) => c.row > 0).map((c) => ({ ...c, row: c.row - 1 })),
  };
}

/** Puts each table title found by `titleRow` before its table, as a paragraph. */
export function liftTableTitles(pages: PdfPage[]): void {
  for (const page of pages) {
    page.flow = page.flow.flatMap((item): FlowItem[] => {
      if (item.kind !== 'table' || !titleRow(item.table)) return [item];
      const table = item.table;
      const lines = table.cells.find((c) => c.row === 0)!.lines;
      const x = Math.min(...lines.map((l) => l.x));
      const y = Math.min(...lines.map((l) => l.y));
      const block = { x, y, w: Math.max(...lines.map((l) => l.x + l.w)) - x, h: Math.max(...lines.map((l) => l.y + l.h)) - y, lines };
      const title = splitParagraphs(block, { left: table.x, right: table.x + table.w }).map((paragraph): FlowItem => ({ kind: 'paragraph', paragraph }));
      return [...title, { kind: 'table', table: withoutFirstRow(table) }];
    });
  }
}
