import ExcelJS from 'exceljs';
import JSZip from 'jszip';

/**
 * Read-back helpers for tests: open a converted .docx, .pptx or .xlsx the way a checker would
 * and return what a person would look at. Deliberately independent of the engines under test.
 */

export interface DocxContent {
  /** Text of every paragraph outside tables, in order (tabs as \t, breaks as \n). */
  paragraphs: string[];
  /** Each `w:tbl`: rows of cell texts (a cell's paragraphs joined by \n), a spanned cell followed by '' per extra column. */
  tables: string[][][];
  /** Text boxes (DrawingML or VML), not counting the VML fallback copy of a DrawingML box. */
  textBoxes: number;
  /** Paragraphs positioned as frames, LibreOffice's other way of placing text absolutely. */
  frames: number;
  /** Sections whose page is landscape, and all sections. */
  landscapeSections: number;
  sections: number;
  /** Every `w:t` of the body in order, joined with spaces: for word-order checks. */
  text: string;
  /** The raw word/document.xml, for checks on specific markup. */
  xml: string;
}

export async function readDocx(bytes: Uint8Array): Promise<DocxContent> {
  const zip = await JSZip.loadAsync(bytes);
  const xml = await zip.file('word/document.xml')?.async('string');
  if (xml === undefined) throw new Error('no word/document.xml: not a .docx');
  const withoutFallback = xml.replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, '');
  const tables = blocks(withoutFallback, 'w:tbl').map((tbl) =>
    blocks(tbl, 'w:tr').map((tr) =>
      blocks(tr, 'w:tc').flatMap((tc) => {
        const span = Number(/<w:gridSpan w:val="(\d+)"/.exec(tc)?.[1] ?? 1);
        return [blocks(tc, 'w:p').map(paragraphText).join('\n'), ...Array<string>(span - 1).fill('')];
      }),
    ),
  );
  const outsideTables = withoutFallback.replace(/<w:tbl>[\s\S]*?<\/w:tbl>/g, '');
  return {
    paragraphs: blocks(outsideTables, 'w:p').map(paragraphText),
    tables,
    textBoxes: count(withoutFallback, /<w:txbxContent[\s>]/g),
    frames: count(withoutFallback, /<w:framePr[\s/>]/g),
    landscapeSections: count(xml, /<w:pgSz[^>]*w:orient="landscape"/g),
    sections: count(xml, /<w:sectPr[\s>]/g),
    text: [...withoutFallback.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => decodeXml(m[1] ?? '')).join(' '),
    xml,
  };
}

export interface PptxSlide {
  /** Every `a:t` run on the slide, in order. */
  texts: string[];
  /** Each `a:tbl`: rows of cell texts. */
  tables: string[][][];
  /** Font sizes (points) set on runs inside tables. */
  tableFontSizes: number[];
  /** Pictures on the slide (e.g. a rendered page background). */
  pictures: number;
}

export async function readPptx(bytes: Uint8Array): Promise<PptxSlide[]> {
  const zip = await JSZip.loadAsync(bytes);
  const slideFiles = Object.keys(zip.files)
    .map((name) => /^ppt\/slides\/slide(\d+)\.xml$/.exec(name))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  const slides: PptxSlide[] = [];
  for (const [name] of slideFiles) {
    const xml = (await zip.file(name)?.async('string')) ?? '';
    const tableXml = blocks(xml, 'a:tbl');
    slides.push({
      texts: runs(xml, 'a:t'),
      tables: tableXml.map((tbl) => blocks(tbl, 'a:tr').map((tr) => blocks(tr, 'a:tc').map((tc) => blocks(tc, 'a:p').map((p) => runs(p, 'a:t').join('')).join('\n')))),
      tableFontSizes: tableXml.flatMap((tbl) => [...tbl.matchAll(/<a:rPr[^>]*\ssz="(\d+)"/g)].map((m) => Number(m[1]) / 100)),
      pictures: count(xml, /<p:pic[\s>]/g),
    });
  }
  return slides;
}

export type XlsxValue = string | number | boolean | Date | null;

/** Each worksheet's rows as plain values (formulas as their result, rich text as text). */
export async function readXlsx(bytes: Uint8Array): Promise<{ name: string; rows: XlsxValue[][] }[]> {
  const workbook = new ExcelJS.Workbook();
  // exceljs types ask for a Node Buffer; it hands the bytes to JSZip, which takes any Uint8Array.
  await workbook.xlsx.load(bytes as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  return workbook.worksheets.map((sheet) => {
    const rows: XlsxValue[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, r) => {
      const values: XlsxValue[] = [];
      for (let c = 1; c <= sheet.columnCount; c++) values.push(plain(row.getCell(c).value));
      rows[r - 1] = values;
    });
    return { name: sheet.name, rows: Array.from(rows, (row) => row ?? []) };
  });
}

function plain(value: ExcelJS.CellValue): XlsxValue {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('error' in value) return value.error;
  if ('hyperlink' in value) return value.text;
  if ('result' in value) return plain(value.result ?? null);
  return null;
}

/** Reads `## heading` + GFM table pairs back into cell texts, undoing the cell escapes. */
export function readMarkdownTables(markdown: string): Record<string, string[][]> {
  const tables: Record<string, string[][]> = {};
  let current: string[][] | undefined;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('## ')) tables[line.slice(3).replace(/\\(.)/g, '$1')] = current = [];
    else if (line.startsWith('|') && current) {
      const cells = line.slice(1, -1).split(/(?<!\\) \| /).map((c) => c.trim().replace(/<br>/g, '\n').replace(/\\(.)/g, '$1'));
      if (!cells.every((c) => c === '---')) current.push(cells);
    }
  }
  return tables;
}

export interface HtmlCell {
  text: string;
  colspan: number;
  rowspan: number;
}

const unescapeHtml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** Each table by caption: its rows of cells as written, and the full grid with spanned cells filled by ''. */
export function readHtmlTables(html: string) {
  const tables: Record<string, { rows: HtmlCell[][]; grid: string[][] }> = {};
  for (const [, caption = '', body = ''] of html.matchAll(/<table>\s*<caption>(.*?)<\/caption>([\s\S]*?)<\/table>/g)) {
    const rows = [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, tr = '']) =>
      [...tr.matchAll(/<t[hd]([^>]*)>([\s\S]*?)<\/t[hd]>/g)].map(([, attrs = '', text = '']) => ({
        text: unescapeHtml(text),
        colspan: Number(/colspan="(\d+)"/.exec(attrs)?.[1] ?? 1),
        rowspan: Number(/rowspan="(\d+)"/.exec(attrs)?.[1] ?? 1),
      })),
    );
    const grid: string[][] = rows.map(() => []);
    rows.forEach((row, r) => {
      let c = 0;
      for (const cell of row) {
        while (grid[r]?.[c] !== undefined) c++;
        for (let dr = 0; dr < cell.rowspan; dr++) for (let dc = 0; dc < cell.colspan; dc++) (grid[r + dr] ??= [])[c + dc] = dr === 0 && dc === 0 ? cell.text : '';
        c += cell.colspan;
      }
    });
    tables[unescapeHtml(caption)] = { rows, grid };
  }
  return tables;
}

/** The XML of each non-nested `<tag>` element in `xml`, in order. */
function blocks(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?(?:/>|>[\\s\\S]*?</${tag}>)`, 'g'))].map((m) => m[0]);
}

function runs(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => decodeXml(m[1] ?? ''));
}

function paragraphText(p: string): string {
  const pieces = [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>|<w:br(?:\s[^>]*)?\/>/g)];
  return pieces.map((m) => (m[0].startsWith('<w:tab') ? '\t' : m[0].startsWith('<w:br') ? '\n' : decodeXml(m[1] ?? ''))).join('');
}

function count(xml: string, pattern: RegExp): number {
  return [...xml.matchAll(pattern)].length;
}

function decodeXml(s: string): string {
  return s.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (entity, body: string) => {
    if (body.startsWith('#x')) return String.fromCodePoint(parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return String.fromCodePoint(Number(body.slice(1)));
    return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[body] ?? entity;
  });
}
