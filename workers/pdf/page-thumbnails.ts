import type { PDFDocumentProxy } from 'pdfjs-dist';
import { openPdf } from '@engines/document/pdf-load.js';

/**
 * Page thumbnails drawn by pdf.js on OffscreenCanvas. The last few opened documents are kept, so
 * a thumbnail grid asked for in batches parses its PDF once; the page sends the bytes again only
 * when the document has been dropped (or the worker restarted).
 */
const KEEP_OPEN = 4;
const open = new Map<string, PDFDocumentProxy>();

/** Opens and keeps a document under the caller's id; returns its page count. */
export async function openForThumbnails(id: string, bytes: Uint8Array): Promise<number> {
  const existing = open.get(id);
  if (existing) return existing.numPages;
  const doc = await openPdf(bytes);
  open.set(id, doc);
  for (const [oldId, oldDoc] of open) {
    if (open.size <= KEEP_OPEN) break;
    open.delete(oldId);
    void oldDoc.destroy();
  }
  return doc.numPages;
}

export function isOpen(id: string): boolean {
  return open.has(id);
}

export function closeThumbnails(id: string): void {
  const doc = open.get(id);
  open.delete(id);
  void doc?.destroy();
}

/** JPEG bytes of page `pageNumber` (1-based), `width` CSS pixels wide, the page's own rotation applied. */
export async function renderThumbnail(id: string, pageNumber: number, width: number): Promise<Uint8Array> {
  const doc = open.get(id);
  if (!doc) throw new Error(`Document ${id} is not open`);
  const page = await doc.getPage(pageNumber);
  try {
    const scale = width / page.getViewport({ scale: 1 }).width;
    const viewport = page.getViewport({ scale });
    const canvas = new OffscreenCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
    // pdf.js types the canvas as a DOM canvas; any 2D canvas with getContext works.
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: 'white' }).promise;
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.82 });
    return new Uint8Array(await blob.arrayBuffer());
  } finally {
    page.cleanup();
  }
}

/** One run of text on a page, in PDF points with the origin at the page's top left (the page's rotation not applied). */
export interface PageTextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The text of page `pageNumber` (1-based) of a document opened with `open`, run by run with
 * its box: what redaction searches and comparison diffs. `width`/`height` are the page's size in
 * points, so callers can scale boxes onto a thumbnail.
 */
export async function pageText(id: string, pageNumber: number): Promise<{ width: number; height: number; rotate: number; items: PageTextItem[] }> {
  const doc = open.get(id);
  if (!doc) throw new Error(`Document ${id} is not open`);
  const page = await doc.getPage(pageNumber);
  try {
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
    const height = y1 - y0;
    const content = await page.getTextContent();
    const items: PageTextItem[] = [];
    for (const item of content.items) {
      if (!('str' in item) || item.str === '') continue;
      const [, , , d, e, f] = item.transform as number[];
      const h = item.height || Math.abs(d ?? 0);
      items.push({ text: item.str, x: (e ?? 0) - x0, y: height - ((f ?? 0) - y0) - h, width: item.width, height: h });
    }
    return { width: x1 - x0, height, rotate: page.rotate, items };
  } finally {
    page.cleanup();
  }
}
