import { renameExt, type ConvertOp } from './types';
import { analyzePdf } from './pdf-analyze';
import { recognisedOf } from './pdf-scan-page';
import type { FlowItem } from './pdf-page-model';
import { tableGrid } from './pdf-tables';

function itemText(item: FlowItem): string {
  if (item.kind === 'image') return '';
  if (item.kind === 'table') return tableGrid(item.table).map((row) => row.join('\t').trimEnd()).join('\n');
  const { paragraph } = item;
  const indent = '  '.repeat(paragraph.list?.depth ?? 0);
  const marker = paragraph.list ? `${paragraph.list.ordered ? paragraph.list.marker : '•'} ` : '';
  return `${indent}${marker}${paragraph.text}`;
}

/**
 * PDF → plain text in reading order: a blank line between paragraphs, tables as
 * tab-separated rows, and a form feed between pages (as pdftotext does).
 */
export const pdfToTxt: ConvertOp = async (input, opts = {}) => {
  const model = await analyzePdf(input.bytes, { ...opts, progressShare: 0.95 });
  const pages = model.pages.map((page) => page.flow.map(itemText).filter((t) => t.length > 0).join('\n\n'));
  const text = `${pages.join('\n\f\n')}\n`;
  opts.onProgress?.(1);
  return { name: renameExt(input.name, 'txt'), mime: 'text/plain;charset=utf-8', bytes: new TextEncoder().encode(text), ...recognisedOf(model) };
};
