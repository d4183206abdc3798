import { renameExt, type ConvertOp } from './types';
import { nonEmptySheets, type SheetTable } from './sheet-model';
import { readSheets } from './sheet-read';
import { displayText } from './sheet-text';

/** xlsx or csv → Markdown: a `## <sheet>` heading and a GFM table per sheet, first row as header. */
export const excelToMarkdown: ConvertOp = async (input, opts) => {
  const tables = nonEmptySheets(await readSheets(input, opts));
  const markdown = tables.map(sheetMarkdown).join('\n');
  opts?.onProgress?.(1);
  return { name: renameExt(input.name, 'md'), mime: 'text/markdown', bytes: new TextEncoder().encode(markdown) };
};

function sheetMarkdown(table: SheetTable): string {
  const [header = [], ...body] = table.rows.map((row) => row.map((v) => escapeCell(displayText(v))));
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const rule = line(header.map(() => '---'));
  return [`## ${escapeHeading(table.name)}`, '', line(header), rule, ...body.map(line), ''].join('\n');
}

/**
 * A GFM cell cannot hold a pipe or a line break: escape the one, turn the other into `<br>`.
 * `<` is escaped too, so a cell that reads like an HTML tag is shown, not rendered.
 */
function escapeCell(text: string): string {
  return text.replace(/[\\|<]/g, (ch) => `\\${ch}`).replace(/\r\n|\r|\n/g, '<br>');
}

function escapeHeading(text: string): string {
  return text.replace(/[\\`*_[\]#<>]/g, (ch) => `\\${ch}`);
}
