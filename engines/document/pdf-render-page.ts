import type { PDFPageProxy } from 'pdfjs-dist';
import { loadPdfjs } from './pdf-load';

/** A canvas the renderer can draw on: OffscreenCanvas in a worker, @napi-rs/canvas in Node. */
export interface RenderCanvas {
  width: number;
  height: number;
  getContext(type: '2d'): unknown;
}

export type CreateCanvas = (width: number, height: number) => RenderCanvas;

export interface RenderOptions {
  /** Node callers give one from @napi-rs/canvas; the worker's OffscreenCanvas is the default. */
  createCanvas?: CreateCanvas;
  /** Image ids (`ImagePlacement.objId`) not to paint. */
  skipImages?: ReadonlySet<string>;
}

function offscreenCanvas(width: number, height: number): RenderCanvas {
  return new OffscreenCanvas(width, height);
}

/** How each kind of canvas hands back a PNG: OffscreenCanvas makes a Blob, @napi-rs/canvas bytes. */
interface PngEncoders {
  convertToBlob?: (opts: { type: string }) => Promise<Blob>;
  encode?: (format: 'png') => Promise<ArrayBufferLike>;
}

async function encodePng(canvas: RenderCanvas): Promise<Uint8Array | null> {
  const encoders = canvas as RenderCanvas & PngEncoders;
  if (typeof encoders.convertToBlob === 'function') {
    const blob = await encoders.convertToBlob({ type: 'image/png' });
    return new Uint8Array(await blob.arrayBuffer());
  }
  if (typeof encoders.encode === 'function') {
    return new Uint8Array(await encoders.encode('png'));
  }
  return null;
}

/**
 * Renders a page to PNG without its text, for slide backgrounds under editable text boxes
 * (the text drawn twice would look smeared), and without the images placed as pictures of
 * their own. Pass it as `renderPage`; Node callers give a `createCanvas` from @napi-rs/canvas.
 */
export async function renderPageWithoutText(page: unknown, scale: number, options: RenderOptions = {}): Promise<Uint8Array | null> {
  const pdfPage = page as PDFPageProxy;
  const { OPS } = await loadPdfjs();
  const createCanvas = options.createCanvas ?? offscreenCanvas;
  const textOps = new Set<number>([OPS.showText, OPS.showSpacedText, OPS.nextLineShowText, OPS.nextLineSetSpacingShowText]);
  const skip = options.skipImages ?? new Set<string>();
  // Images the caller places as pictures of their own are left out (ids as pdf-graphics names them).
  const skipped = (index: number) => {
    const fn = ops.fnArray[index];
    if (fn === OPS.paintImageXObject) return skip.has(String((ops.argsArray[index] as unknown[] | undefined)?.[0]));
    return fn === OPS.paintInlineImageXObject && skip.has(`inline-${index}`);
  };
  const viewport = pdfPage.getViewport({ scale });
  const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
  // Same intent as render() below, so pdf.js hands back the very list the filter indexes.
  const ops = await pdfPage.getOperatorList({ intent: 'display' });
  await pdfPage.render({
    // pdf.js types the canvas as a DOM canvas; any 2D canvas with getContext works.
    canvas: canvas as unknown as HTMLCanvasElement,
    viewport,
    intent: 'display',
    background: 'white',
    operationsFilter: (index: number) => !textOps.has(ops.fnArray[index] ?? -1) && !skipped(index),
  }).promise;
  return encodePng(canvas);
}

/**
 * Draws a whole page, text and all: what OCR reads when a page's text layer is missing or
 * unreadable (its glyphs still show what it says). Node callers give a `createCanvas`.
 */
export async function renderPageCanvas(page: unknown, scale: number, options: Pick<RenderOptions, 'createCanvas'> = {}): Promise<RenderCanvas> {
  const pdfPage = page as PDFPageProxy;
  const viewport = pdfPage.getViewport({ scale });
  const canvas = (options.createCanvas ?? offscreenCanvas)(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
  // pdf.js types the canvas as a DOM canvas; any 2D canvas with getContext works.
  await pdfPage.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, intent: 'display', background: 'white' }).promise;
  return canvas;
}

/** A canvas as PNG bytes (OffscreenCanvas or @napi-rs/canvas); null for a canvas that cannot encode. */
export function canvasPng(canvas: RenderCanvas): Promise<Uint8Array | null> {
  return encodePng(canvas);
}
