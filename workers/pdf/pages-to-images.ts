import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { PDF_TOOL_OPTIONS, type PdfToImageOptions } from '@contracts/pdf-tools.js';
import { openPdf } from '@engines/document/pdf-load.js';
import { EngineError, type ConvertInput, type ConvertOutput } from '@engines/document/types.js';
import type { PdfOpOptions } from '@engines/pdf/op-options.js';
import { throwIfAborted } from '@engines/pdf/op-options.js';
import { baseName, uniqueNames } from '@engines/pdf/output-names.js';
import { parsePageRanges } from '@engines/pdf/page-ranges.js';

/**
 * All the pixels one run may draw: a gigapixel is about 115 A4 pages at 300 dpi, 450 at 150 dpi
 * or 2,000 at 72 dpi. The images are held until they are zipped, so this bounds the worker's
 * memory and refuses a 10,000-page PDF at 300 dpi before any page is drawn.
 */
export const PIXEL_BUDGET = 1_000_000_000;
/** One canvas at most: browsers refuse canvases much past this (Chrome's limit is 268 Mpx). */
export const PAGE_PIXEL_LIMIT = 100_000_000;
/** PDF user space is 72 points per inch. */
const POINTS_PER_INCH = 72;
const JPEG_QUALITY = 0.9;

/** The 1-based pages the options ask for, in the order asked (all pages when none are given). */
export function chosenPages(pages: string | undefined, pageCount: number): number[] {
  if (pages === undefined) return Array.from({ length: pageCount }, (_, i) => i + 1);
  return parsePageRanges(pages, pageCount).flatMap(({ from, to }) => Array.from({ length: to - from + 1 }, (_, i) => from + i));
}

/** `report.pdf`, page 7 of 120 → `report-p007.png`: zero-padded so the files sort in page order. */
export function imageName(pdfName: string, page: number, pageCount: number, format: PdfToImageOptions['format']): string {
  const digits = Math.max(3, String(pageCount).length);
  return `${baseName(pdfName, 'page')}-p${String(page).padStart(digits, '0')}.${format === 'jpeg' ? 'jpg' : 'png'}`;
}

function pixelSize(page: PDFPageProxy, scale: number): { width: number; height: number } {
  const viewport = page.getViewport({ scale });
  return { width: Math.max(1, Math.round(viewport.width)), height: Math.max(1, Math.round(viewport.height)) };
}

/**
 * Refuses, before drawing anything, a run over the pixel budget. The first page times the count
 * answers at once for a huge document; only when that fits is each page measured.
 */
async function checkBudget(doc: PDFDocumentProxy, pages: number[], scale: number): Promise<void> {
  const tooLarge = () => new EngineError('tooLarge', `${pages.length} pages at this resolution are more than ${PIXEL_BUDGET} pixels`);
  const first = await doc.getPage(pages[0]!);
  const { width, height } = pixelSize(first, scale);
  if (pages.length * width * height > PIXEL_BUDGET) throw tooLarge();
  const measured = new Map<number, number>();
  let total = 0;
  for (const number of pages) {
    let pixels = measured.get(number);
    if (pixels === undefined) {
      const size = pixelSize(await doc.getPage(number), scale);
      pixels = size.width * size.height;
      measured.set(number, pixels);
    }
    if (pixels > PAGE_PIXEL_LIMIT) throw new EngineError('tooLarge', `Page ${number} is too large at this resolution`);
    total += pixels;
  }
  if (total > PIXEL_BUDGET) throw tooLarge();
}

/** Draws one page on its own canvas, encodes it, and frees the canvas before the next page. */
async function renderPage(page: PDFPageProxy, scale: number, format: PdfToImageOptions['format']): Promise<Uint8Array> {
  const { width, height } = pixelSize(page, scale);
  const canvas = new OffscreenCanvas(width, height);
  try {
    const viewport = page.getViewport({ scale });
    // White paper under the page: JPEG has no transparency, and a PNG should look like the page.
    // pdf.js types the canvas as a DOM canvas; any 2D canvas with getContext works.
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: 'white' }).promise;
    const blob = await canvas.convertToBlob(format === 'jpeg' ? { type: 'image/jpeg', quality: JPEG_QUALITY } : { type: 'image/png' });
    return new Uint8Array(await blob.arrayBuffer());
  } finally {
    canvas.width = 0;
    canvas.height = 0;
    page.cleanup();
  }
}

/** Every chosen page of one PDF as a PNG or JPEG at `dpi`, one page at a time. */
export async function pdfToImages(input: ConvertInput, options: PdfToImageOptions, opts: PdfOpOptions = {}): Promise<ConvertOutput[]> {
  const doc = await openPdf(input.bytes, opts.signal);
  try {
    const pages = chosenPages(options.pages, doc.numPages);
    const scale = options.dpi / POINTS_PER_INCH;
    await checkBudget(doc, pages, scale);
    const mime = options.format === 'jpeg' ? 'image/jpeg' : 'image/png';
    const outputs: ConvertOutput[] = [];
    for (const [i, number] of pages.entries()) {
      throwIfAborted(opts.signal);
      const bytes = await renderPage(await doc.getPage(number), scale, options.format);
      outputs.push({ name: imageName(input.name, number, doc.numPages, options.format), mime, bytes });
      opts.onProgress?.((i + 1) / pages.length);
    }
    return outputs;
  } finally {
    void doc.destroy();
  }
}

/**
 * The `pdf-to-image` tool as the worker runs it: the options checked with the tool's schema, each
 * input in turn (progress spread evenly across them), and the names made unique across inputs and
 * overlapping ranges, since the caller zips them.
 */
export async function runPagesToImages(inputs: ConvertInput[], options: unknown, opts: PdfOpOptions = {}): Promise<ConvertOutput[]> {
  const checked = PDF_TOOL_OPTIONS['pdf-to-image'].parse(options);
  const outputs: ConvertOutput[] = [];
  for (const [i, input] of inputs.entries()) {
    const onProgress = opts.onProgress && ((f: number) => opts.onProgress?.((i + f) / inputs.length));
    outputs.push(...(await pdfToImages(input, checked, { signal: opts.signal, onProgress })));
  }
  const names = uniqueNames(outputs.map((o) => o.name));
  return outputs.map((output, i) => ({ ...output, name: names[i]! }));
}
