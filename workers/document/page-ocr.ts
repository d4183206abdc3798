import type { Worker as TesseractWorker } from 'tesseract.js';
import { canvasPng, renderPageCanvas } from '@engines/document/pdf-render-page.js';
import { EngineError, type PageRecogniser } from '@engines/document/types.js';

/**
 * The converter's recogniser for scanned PDF pages (docs/pdf-scan-ocr.md): pdf.js renders the
 * page on an OffscreenCanvas at up to 300 dpi and tesseract.js reads it into TSV. tesseract.js
 * is imported, and its own worker started, only when a conversion meets a scanned page; its
 * engine, cores and language data come from our origin (/ocr/, scripts/build/reading-assets.ts),
 * as for the reading assistant.
 */

const OCR_BASE = '/ocr/';
/** The language data the build ships; others are dropped (the server's Tesseract may have more). */
export const SHIPPED_LANGUAGES = ['eng', 'chi_sim'];
const DPI = 300;
const MAX_SIDE_PIXELS = 4200;

let current: { languages: string; worker: Promise<TesseractWorker> } | undefined;

function ocrWorker(languages: string[]): Promise<TesseractWorker> {
  const key = languages.join('+');
  if (current?.languages === key) return current.worker;
  const previous = current;
  current = {
    languages: key,
    worker: (async () => {
      if (previous) await (await previous.worker).terminate().catch(() => undefined);
      const { createWorker } = await import('tesseract.js');
      return createWorker(languages, 1, { workerPath: `${OCR_BASE}worker.min.js`, corePath: `${OCR_BASE}core/`, langPath: `${OCR_BASE}lang`, gzip: false, workerBlobURL: false });
    })(),
  };
  return current.worker;
}

/** Stops tesseract.js's worker (a cancelled conversion cannot otherwise interrupt it). */
export async function stopPageOcr(): Promise<void> {
  const w = current?.worker;
  current = undefined;
  if (w) await (await w).terminate().catch(() => undefined);
}

/** A figure cut from the page's rendering. */
async function cropPng(canvas: OffscreenCanvas, box: { left: number; top: number; width: number; height: number }) {
  const width = Math.round(box.width);
  const height = Math.round(box.height);
  if (width < 1 || height < 1) return null;
  const part = new OffscreenCanvas(width, height);
  part.getContext('2d')?.drawImage(canvas, -Math.round(box.left), -Math.round(box.top));
  const blob = await part.convertToBlob({ type: 'image/png' });
  return { png: new Uint8Array(await blob.arrayBuffer()), width, height };
}

export const recogniseInBrowser: PageRecogniser = async ({ page, width, height, languages, signal }) => {
  const scale = Math.min(DPI / 72, MAX_SIDE_PIXELS / Math.max(width, height, 1));
  const canvas = await renderPageCanvas(page, scale);
  const png = await canvasPng(canvas);
  if (!png) throw new EngineError('unreadable', 'The page could not be rendered for OCR');
  const wanted = languages.filter((l) => SHIPPED_LANGUAGES.includes(l));
  const worker = await ocrWorker(wanted.length ? wanted : SHIPPED_LANGUAGES);
  signal?.throwIfAborted();
  const abort = () => void stopPageOcr();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    const { data } = await worker.recognize(new Blob([png as BlobPart], { type: 'image/png' }), {}, { text: false, blocks: false, tsv: true });
    signal?.throwIfAborted();
    return { tsv: data.tsv ?? '', scale, crop: (box) => cropPng(canvas as OffscreenCanvas, box) };
  } finally {
    signal?.removeEventListener('abort', abort);
  }
};
