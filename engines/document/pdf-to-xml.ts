import { renameExt, type ConvertOp } from './types';
import { analyzePdf } from './pdf-analyze';
import { recognisedOf } from './pdf-scan-page';
import type { Block } from './pdf-layout-blocks';
import type { Line } from './pdf-layout-lines';
import { escapeXml, pt } from './pdf-markup';

function box(b: { x: number; y: number; w: number; h: number }): string {
  return `x="${pt(b.x)}" y="${pt(b.y)}" w="${pt(b.w)}" h="${pt(b.h)}"`;
}

function lineXml(line: Line): string {
  const font = line.spans.find((s) => Math.abs(s.size - line.size) < 0.1)?.font ?? line.spans[0]!.font;
  const style = `${font.bold ? ' bold="true"' : ''}${font.italic ? ' italic="true"' : ''}`;
  return `      <line ${box(line)} font="${escapeXml(font.name)}" size="${pt(line.size)}"${style}>${escapeXml(line.text)}</line>`;
}

function blockXml(block: Block): string {
  const lines = [...block.lines].sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  return [`    <block ${box(block)}>`, ...lines.map(lineXml), '    </block>'].join('\n');
}

/**
 * PDF → XML: pages, text blocks in reading order and their lines, with coordinates in points
 * from the page's top-left corner, font names and sizes.
 */
export const pdfToXml: ConvertOp = async (input, opts = {}) => {
  const model = await analyzePdf(input.bytes, { ...opts, progressShare: 0.95 });
  const pages = model.pages.map((page) =>
    [`  <page number="${page.number}" width="${pt(page.width)}" height="${pt(page.height)}">`, ...page.blocks.map(blockXml), '  </page>'].join('\n'),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<document pages="${model.pages.length}">\n${pages.join('\n')}\n</document>\n`;
  opts.onProgress?.(1);
  return { name: renameExt(input.name, 'xml'), mime: 'application/xml', bytes: new TextEncoder().encode(xml), ...recognisedOf(model) };
};
