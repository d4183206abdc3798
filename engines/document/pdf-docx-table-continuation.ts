import type { FlowItem, PdfPage } from './pdf-page-model';
import type { Table } from './pdf-table-model';

/** How far apart (points) a continued table's column boundaries may be from the first part's. */
const COLUMN_TOLERANCE = 6;

/** The row's cell texts, one per line, each with its column. */
function rowText(table: Table, row: number): string {
  return table.cells
    .filter((c) => c.row === row)
    .sort((a, b) => a.col - b.col)
    .map((c) => `${c.col}:${c.lines.map((l) => l.text).join(' ').replace(/\s+/g, ' ').trim()}`)
    .join('\n');
}

function tableAt(flow: FlowItem[], end: 'first' | 'last'): Table | null {
  const item = end === 'first' ? flow.find((f) => f.kind !== 'paragraph' || f.paragraph.text.trim()) : flow.findLast((f) => f.kind !== 'paragraph' || f.paragraph.text.trim());
  return item?.kind === 'table' ? item.table : null;
}

/**
 * A table that ends one page and starts the next with the same columns and the same first row
 * is one table the PDF printed in parts, repeating its header: each part's first row becomes a
 * header row, which Word repeats at the top of every page the table runs onto.
 */
export function markRepeatedHeaders(pages: PdfPage[]): void {
  for (let i = 0; i + 1 < pages.length; i++) {
    const before = tableAt(pages[i]!.flow, 'last');
    const after = tableAt(pages[i + 1]!.flow, 'first');
    if (!before || !after || before.columns.length !== after.columns.length || before.rows.length < 3 || after.rows.length < 3) continue;
    if (before.columns.some((x, k) => Math.abs(x - after.columns[k]!) > COLUMN_TOLERANCE)) continue;
    const header = rowText(before, 0);
    if (!/^\d+:\S/m.test(header) || header !== rowText(after, 0)) continue;
    before.headerRows = 1;
    after.headerRows = 1;
  }
}
