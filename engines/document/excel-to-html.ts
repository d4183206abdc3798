import { renameExt, type ConvertOp } from './types';
import { layoutRows, nonEmptySheets, type LaidOutCell, type SheetTable } from './sheet-model';
import { readSheets } from './sheet-read';
import { displayText } from './sheet-text';

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;margin:2rem;color:#222}
table{border-collapse:collapse;margin:0 0 2.5rem}
caption{text-align:left;font-weight:600;font-size:1.2rem;padding:0 0 .5rem}
th,td{border:1px solid #ccc;padding:.3rem .6rem;vertical-align:top;white-space:pre-wrap}
thead th{background:#f3f3f3}
td.num{text-align:right;font-variant-numeric:tabular-nums}`;

/** xlsx or csv → one UTF-8 HTML page with a captioned table per sheet; merges become colspan/rowspan. */
export const excelToHtml: ConvertOp = async (input, opts) => {
  const tables = nonEmptySheets(await readSheets(input, opts));
  const title = escapeHtml(input.name.replace(/\.[^./\\]+$/, ''));
  const html = [
    '<!doctype html>',
    '<html>',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    `<style>\n${STYLE}\n</style>`,
    '</head>',
    '<body>',
    ...tables.map(sheetTable),
    '</body>',
    '</html>',
    '',
  ].join('\n');
  opts?.onProgress?.(1);
  return { name: renameExt(input.name, 'html'), mime: 'text/html', bytes: new TextEncoder().encode(html) };
};

function sheetTable(table: SheetTable): string {
  // The header is laid out on its own so that no rowspan crosses from <thead> into <tbody>.
  const head = layoutRows(table, 0, 1).map((row) => tr(row, 'th'));
  const body = layoutRows(table, 1, table.rows.length).map((row) => tr(row, 'td'));
  const tbody = body.length > 0 ? `<tbody>\n${body.join('\n')}\n</tbody>\n` : '';
  return `<table>\n<caption>${escapeHtml(table.name)}</caption>\n<thead>\n${head.join('\n')}\n</thead>\n${tbody}</table>`;
}

function tr(cells: LaidOutCell[], tag: 'th' | 'td'): string {
  return `<tr>${cells.map((cell) => td(cell, tag)).join('')}</tr>`;
}

function td(cell: LaidOutCell, tag: 'th' | 'td'): string {
  const attrs = [
    tag === 'th' ? ' scope="col"' : '',
    cell.colSpan > 1 ? ` colspan="${cell.colSpan}"` : '',
    cell.rowSpan > 1 ? ` rowspan="${cell.rowSpan}"` : '',
    tag === 'td' && typeof cell.value === 'number' ? ' class="num"' : '',
  ].join('');
  return `<${tag}${attrs}>${escapeHtml(displayText(cell.value))}</${tag}>`;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}
