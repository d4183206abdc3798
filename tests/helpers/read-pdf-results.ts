import JSZip from 'jszip';

/** What a user would check in a converted Word file, read straight from its XML. */
export interface DocxReadBack {
  xml: string;
  /** Text of each non-empty paragraph in body order (table cells included). */
  paragraphs: string[];
  /**
   * Blocks as Markdown counts them (and so the corpus ground truth): each non-empty paragraph
   * outside tables, with a run of consecutive list items and a whole table counting once.
   */
  blocks: number;
  text: string;
  /** Explicit page breaks + section breaks + 1. */
  pages: number;
  /** Absolutely positioned text: text boxes (DrawingML or VML) and framed paragraphs. */
  textBoxes: number;
  tables: number;
  images: number;
  headings: number;
  listItems: number;
  /** Page sizes of the sections, in points. */
  pageSizes: { width: number; height: number }[];
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');
}

function count(xml: string, pattern: RegExp): number {
  return xml.match(pattern)?.length ?? 0;
}

function countBlocks(xml: string): number {
  const body = xml.replace(/<w:tbl>[\s\S]*?<\/w:tbl>/g, '<w:p><w:t>table</w:t></w:p>');
  let blocks = 0;
  let inList = false;
  for (const p of body.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []) {
    if (!/<w:t(?: [^>]*)?>[^<]*\S[^<]*<\/w:t>/.test(p)) continue;
    const listItem = p.includes('<w:numPr>');
    if (!listItem || !inList) blocks++;
    inList = listItem;
  }
  return blocks;
}

export async function readDocx(bytes: Uint8Array): Promise<DocxReadBack> {
  const zip = await JSZip.loadAsync(bytes);
  const raw = (await zip.file('word/document.xml')?.async('string')) ?? '';
  // Shapes come twice (DrawingML and a VML fallback); read each once.
  const xml = raw.replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, '');
  const paragraphs = (xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? [])
    // A line break (<w:br/>, as in code listings) reads as a new line.
    .map((p) => decodeXml((p.match(/<w:t(?: [^>]*)?>[^<]*<\/w:t>|<w:br\/>/g) ?? []).map((t) => (t === '<w:br/>' ? '\n' : t.replace(/<[^>]+>/g, ''))).join('')))
    .filter((t) => t.trim().length > 0);
  const sections = count(xml, /<w:sectPr[ >]/g);
  const breaks = count(xml, /<w:br [^>]*w:type="page"/g) + count(xml, /<w:pageBreakBefore(?: w:val="(?:true|1|on)")?\s*\/>/g);
  const pageSizes = [...xml.matchAll(/<w:pgSz [^>]*w:w="(\d+)"[^>]*w:h="(\d+)"/g)].map((m) => ({ width: Number(m[1]) / 20, height: Number(m[2]) / 20 }));
  return {
    xml,
    paragraphs,
    blocks: countBlocks(xml),
    text: paragraphs.join('\n'),
    pages: breaks + Math.max(1, sections),
    textBoxes: count(xml, /<w:txbxContent|<v:textbox|<w:framePr/g),
    tables: count(xml, /<w:tbl>/g),
    images: count(xml, /<pic:pic[ >]/g),
    headings: count(xml, /<w:pStyle w:val="Heading\d"/g),
    listItems: count(xml, /<w:numPr>/g),
    pageSizes,
  };
}

/** Cell values of every sheet of an .xlsx, as ExcelJS reads them. */
export async function readXlsx(bytes: Uint8Array): Promise<{ name: string; rows: unknown[][] }[]> {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, n) => {
      rows[n - 1] = Array.from((row.values as unknown[]).slice(1), (v) => v ?? null);
    });
    return { name: sheet.name, rows: Array.from(rows, (r) => r ?? []) };
  });
}

/** Slide count and each slide's text from a .pptx. */
export async function readPptx(bytes: Uint8Array): Promise<{ slides: string[]; xml: string[]; size: { cx: number; cy: number } | null }> {
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files)
    .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
    .sort((a, b) => Number(/(\d+)\.xml/.exec(a)![1]) - Number(/(\d+)\.xml/.exec(b)![1]));
  const xml = await Promise.all(names.map((n) => zip.file(n)!.async('string')));
  const slides = xml.map((x) =>
    (x.match(/<a:p>[\s\S]*?<\/a:p>/g) ?? []).map((p) => decodeXml((p.match(/<a:t>[^<]*<\/a:t>/g) ?? []).map((t) => t.replace(/<[^>]+>/g, '')).join(''))).join('\n'),
  );
  const presentation = (await zip.file('ppt/presentation.xml')?.async('string')) ?? '';
  const size = /<p:sldSz cx="(\d+)" cy="(\d+)"/.exec(presentation);
  return { slides, xml, size: size ? { cx: Number(size[1]), cy: Number(size[2]) } : null };
}
