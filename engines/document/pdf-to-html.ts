import { renameExt, type ConvertOp } from './types';
import { analyzePdf } from './pdf-analyze';
import { recognisedOf } from './pdf-scan-page';
import type { PageImage, PdfPage } from './pdf-page-model';
import { fillBehind, textColor } from './pdf-colors';
import type { Span } from './pdf-layout-lines';
import { escapeXml, toBase64 } from './pdf-markup';
import type { Paragraph } from './pdf-paragraphs';
import { columnAlignments } from './pdf-tables';
import type { Table, TableCell } from './pdf-table-model';
import { CJK, joinLineSpans, styledRuns } from './pdf-text-join';

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI","Microsoft YaHei",sans-serif;line-height:1.5;margin:0;background:#f3f3f3;color:#1f1f1f}
.page{background:#fff;margin:24px auto;padding:48px;box-shadow:0 1px 4px rgba(0,0,0,.15);box-sizing:border-box}
table{border-collapse:collapse;margin:12px 0}td{padding:2px 8px;vertical-align:top}table.ruled td{border:1px solid #444}
img{max-width:100%;height:auto}figure{margin:12px 0}`;

/** Inline HTML of styled text; headings are bold already, so `plainBold` drops <strong>. */
function inline(spans: Span[], plainBold = false, background?: string): string {
  return styledRuns(spans)
    .map((run) => {
      // Spaces at the edges stay outside the tags: "is <strong>strongly</strong>".
      const [, lead, core, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(run.text)!;
      let html = escapeXml(core!);
      if (run.italic && html) html = `<em>${html}</em>`;
      if (run.bold && !plainBold && html) html = `<strong>${html}</strong>`;
      const color = textColor(run.color, background);
      if (color && html) html = `<span style="color:#${color}">${html}</span>`;
      return `${lead}${html}${trail}`;
    })
    .join('');
}

function paragraphHtml(p: Paragraph, page: PdfPage): string {
  const bar = fillBehind(page.fills, p, page);
  const styles = [p.align === 'left' ? '' : `text-align:${p.align}`, bar ? `background:#${bar.color}` : ''].filter(Boolean);
  const style = styles.length ? ` style="${styles.join(';')}"` : '';
  const tag = p.heading ? `h${p.heading}` : 'p';
  // The text is in reading order; the browser lays a right-to-left paragraph out from the right.
  const dir = p.rtl ? ' dir="rtl"' : '';
  return `<${tag}${dir}${style}>${inline(p.spans, Boolean(p.heading), bar?.color)}</${tag}>`;
}

function cellHtml(cell: TableCell): string {
  return inline(joinLineSpans([...cell.lines].sort((a, b) => a.baseline - b.baseline || a.x - b.x)));
}

function tableHtml(table: Table): string {
  const aligns = columnAlignments(table);
  const rows: string[] = [];
  for (let r = 0; r < table.rows.length - 1; r++) {
    const cells = table.cells
      .filter((c) => c.row === r)
      .map((c) => {
        const span = `${c.colSpan > 1 ? ` colspan="${c.colSpan}"` : ''}${c.rowSpan > 1 ? ` rowspan="${c.rowSpan}"` : ''}`;
        const align = c.colSpan === 1 && aligns[c.col] === 'right' ? ' style="text-align:right"' : '';
        return `<td${span}${align}>${cellHtml(c)}</td>`;
      });
    rows.push(`<tr>${cells.join('')}</tr>`);
  }
  return `<table${table.ruled ? ' class="ruled"' : ''}>${rows.join('')}</table>`;
}

function imageHtml(image: PageImage): string {
  const width = Math.round((image.w * 96) / 72);
  const height = Math.round((image.h * 96) / 72);
  return `<figure><img src="data:image/png;base64,${toBase64(image.image.png)}" width="${width}" height="${height}" alt=""></figure>`;
}

/** Renders a page's flow, nesting consecutive list items into ul/ol by depth. */
function flowHtml(page: PdfPage): string[] {
  const flow = page.flow;
  const out: string[] = [];
  const open: string[] = [];
  const closeTo = (depth: number) => {
    while (open.length > depth) out.push(`</li></${open.pop()}>`);
  };
  for (const item of flow) {
    const list = item.kind === 'paragraph' ? item.paragraph.list : undefined;
    if (!list || item.kind !== 'paragraph') {
      closeTo(0);
      if (item.kind === 'paragraph') out.push(paragraphHtml(item.paragraph, page));
      else out.push(item.kind === 'table' ? tableHtml(item.table) : imageHtml(item.image));
      continue;
    }
    const tag = list.ordered ? 'ol' : 'ul';
    closeTo(list.depth + 1);
    if (open.length === list.depth + 1 && open.at(-1) !== tag) closeTo(list.depth);
    if (open.length === list.depth + 1) out.push('</li>');
    while (open.length < list.depth + 1) {
      const start = list.ordered ? Number.parseInt(list.marker.replace(/\D/g, ''), 10) : NaN;
      out.push(`<${tag}${start > 1 ? ` start="${start}"` : ''}>`);
      open.push(tag);
    }
    out.push(`<li>${inline(item.paragraph.spans)}`);
  }
  closeTo(0);
  return out;
}

/**
 * PDF → HTML: one `<section class="page">` per page with the text flowing in reading order,
 * headings h1-h3 from font size, bold and italic, lists, tables and images inline.
 */
export const pdfToHtml: ConvertOp = async (input, opts = {}) => {
  const model = await analyzePdf(input.bytes, { ...opts, images: true, progressShare: 0.9 });
  const title = escapeXml(input.name.replace(/\.[^./\\]+$/, ''));
  const text = model.pages.flatMap((p) => p.lines.map((l) => l.text)).join('');
  const cjk = (text.match(new RegExp(CJK.source, 'gu')) ?? []).length;
  const lang = cjk > text.replace(/\s/g, '').length * 0.2 ? 'zh' : 'en';
  const sections = model.pages.map(
    (page) => `<section class="page" data-page="${page.number}" style="max-width:${Math.round((page.width * 96) / 72)}px">\n${flowHtml(page).join('\n')}\n</section>`,
  );
  const html = `<!DOCTYPE html>\n<html lang="${lang}">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${title}</title>\n<style>${STYLE}</style>\n</head>\n<body>\n${sections.join('\n')}\n</body>\n</html>\n`;
  opts.onProgress?.(1);
  return { name: renameExt(input.name, 'html'), mime: 'text/html;charset=utf-8', bytes: new TextEncoder().encode(html), ...recognisedOf(model) };
};
