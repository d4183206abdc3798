import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import type { ConvertOptions } from './types';
import { readPageGraphics, type ImagePlacement } from './pdf-graphics';
import { joinColumnBreaks } from './pdf-column-breaks';
import { classifyHeadings, numberLists } from './pdf-headings';
import { extractImagePng } from './pdf-images';
import { buildBlocks, type Block } from './pdf-layout-blocks';
import { buildLines, type Line } from './pdf-layout-lines';
import { loadPdfjs, openPdf } from './pdf-load';
import { splitParagraphs } from './pdf-paragraphs';
import { pageReadingOrder } from './pdf-reading-order';
import { findTables } from './pdf-tables';
import { ActualTextSource } from './pdf-actual-text';
import { assignColors } from './pdf-text-colors';
import { extractTextRuns } from './pdf-text-runs';
import { ligatureRepairs, repairLigatures } from './pdf-rtl-ligatures';
import type { FlowItem, PageImage, PdfDocumentModel, PdfPage } from './pdf-page-model';
import { scanPage } from './pdf-scan-page';
import type { RecognisedPage } from './types';
import type { Table } from './pdf-table-model';

export interface AnalyzeOptions extends ConvertOptions {
  /** Decode and re-encode images (Word and HTML want them; text formats do not). */
  images?: boolean;
  /** Called with each page while it is still open (PPT renders it). */
  onPage?: (page: PDFPageProxy, model: PdfPage) => Promise<void>;
  /** Share of the progress bar the analysis takes; the writer reports the rest. */
  progressShare?: number;
}

const MIN_IMAGE_POINTS = 6;

/** Reads a PDF into pages of paragraphs, tables and images in reading order. */
export async function analyzePdf(bytes: Uint8Array, opts: AnalyzeOptions = {}): Promise<PdfDocumentModel> {
  const doc = await openPdf(bytes, opts.signal);
  const actualText = new ActualTextSource(bytes);
  try {
    const pages: PdfPage[] = [];
    const recognised: RecognisedPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      opts.signal?.throwIfAborted();
      pages.push(await analyzePage(doc, n, opts, { actualText, bytes, recognised }));
      opts.onProgress?.((n / doc.numPages) * (opts.progressShare ?? 0.8));
    }
    const bodySize = dominantSize(pages);
    classifyHeadings(pages, bodySize);
    numberLists(pages);
    return { pages, bodySize, recognised };
  } finally {
    void doc.destroy();
  }
}

interface DocumentContext {
  actualText: ActualTextSource;
  bytes: Uint8Array;
  /** Pages read by OCR, added to as pages are analysed. */
  recognised: RecognisedPage[];
}

async function analyzePage(doc: PDFDocumentProxy, number: number, opts: AnalyzeOptions, context: DocumentContext): Promise<PdfPage> {
  const pdfjs = await loadPdfjs();
  const page = await doc.getPage(number);
  const viewport = page.getViewport({ scale: 1 });
  // The operator list loads the fonts, whose real names tell bold and italic apart.
  const ops = await page.getOperatorList();
  let runs = repairLigatures(await extractTextRuns(page, viewport, context.actualText), ligatureRepairs(pdfjs, ops));
  const graphics = readPageGraphics(pdfjs, ops, viewport);
  const size = { width: viewport.width, height: viewport.height };
  // A scanned page: the recognised words stand in for the text layer, and the scan itself goes unless the page is a picture.
  const scan = await scanPage({ pdf: context.bytes, page, number, size, runs, graphics }, opts);
  let scanImages: string[] = [];
  if (scan) {
    runs = scan.runs;
    if (scan.report) context.recognised.push(scan.report);
    if (!scan.picture) {
      scanImages = graphics.images.map((i) => i.objId);
      graphics.images = [];
    }
  } else assignColors(runs, graphics.textPaints);
  const lines = buildLines(runs);
  const { tables, rest } = findTables(lines, graphics.rules, size);
  const blocks = buildBlocks(rest);
  // On a picture page the recognised words lie on the picture, which stays all the same.
  const images = opts.images ? [...(await pageImages(page, graphics.images, scan ? [] : lines, size)), ...(scan?.figures ?? [])] : [];
  const bounds = lines.length
    ? { left: Math.min(...lines.map((l) => l.x)), right: Math.max(...lines.map((l) => l.x + l.w)) }
    : { left: 0, right: size.width };
  type Item = { x: number; y: number; w: number; h: number; item: Block | Table | PageImage; kind: FlowItem['kind'] };
  const items: Item[] = [
    ...blocks.map((b) => ({ x: b.x, y: b.y, w: b.w, h: b.h, item: b, kind: 'paragraph' as const })),
    ...tables.map((t) => ({ x: t.x, y: t.y, w: t.w, h: t.h, item: t, kind: 'table' as const })),
    ...images.map((i) => ({ x: i.x, y: i.y, w: i.w, h: i.h, item: i, kind: 'image' as const })),
  ];
  const ordered = pageReadingOrder(items, size.height);
  const flow = joinColumnBreaks(
    ordered.flatMap((it): FlowItem[] => {
      if (it.kind === 'table') return [{ kind: 'table', table: it.item as Table }];
      if (it.kind === 'image') return [{ kind: 'image', image: it.item as PageImage }];
      return splitParagraphs(it.item as Block, bounds).map((paragraph) => ({ kind: 'paragraph', paragraph }));
    }),
  );
  const orderedBlocks = ordered.flatMap((it): Block[] => {
    if (it.kind === 'paragraph') return [it.item as Block];
    if (it.kind === 'table') return [tableBlock(it.item as Table)];
    return [];
  });
  const model: PdfPage = { number, ...size, blocks: orderedBlocks, flow, lines, fills: graphics.fills, rules: graphics.rules };
  if (scanImages.length) model.scanImages = scanImages;
  await opts.onPage?.(page, model);
  page.cleanup();
  return model;
}

function tableBlock(table: Table): Block {
  return { x: table.x, y: table.y, w: table.w, h: table.h, lines: table.cells.flatMap((c) => c.lines), table: true };
}

/** Images worth keeping: not specks, and not a page-size background under the page's text. */
async function pageImages(page: PDFPageProxy, placements: ImagePlacement[], lines: Line[], size: { width: number; height: number }): Promise<PageImage[]> {
  const out: PageImage[] = [];
  for (const placement of placements) {
    if (placement.w < MIN_IMAGE_POINTS || placement.h < MIN_IMAGE_POINTS) continue;
    const coversPage = placement.w * placement.h > 0.85 * size.width * size.height;
    const underText = lines.some((l) => l.x >= placement.x && l.y >= placement.y && l.x + l.w <= placement.x + placement.w && l.y + l.h <= placement.y + placement.h);
    if (coversPage && underText) continue;
    const image = await extractImagePng(page, placement);
    if (image) out.push({ ...placement, image });
  }
  return out;
}

function dominantSize(pages: PdfPage[]): number {
  const counts = new Map<number, number>();
  for (const line of pages.flatMap((p) => p.lines)) {
    const key = Math.round(line.size * 2) / 2;
    counts.set(key, (counts.get(key) ?? 0) + line.text.length);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 12;
}
