import { cleanOcrText, OCR_LANGS } from '@engines/reading/ocr-text';
import type { Worker as TesseractWorker } from 'tesseract.js';
import { OCR_BASE } from 'virtual:reading-assets';

let worker: Promise<TesseractWorker> | undefined;
let progressListener: ((fraction: number) => void) | undefined;

/**
 * tesseract.js, loaded on first use, runs in its own Web Worker with the engine, its core and
 * the English + Simplified Chinese data all from our origin (scripts/build/reading-assets.ts).
 */
function ocrWorker(): Promise<TesseractWorker> {
  worker ??= import('tesseract.js').then(({ createWorker }) =>
    createWorker(OCR_LANGS.split('+'), 1, {
      workerPath: `${OCR_BASE}worker.min.js`,
      corePath: `${OCR_BASE}core/`,
      langPath: `${OCR_BASE}lang`,
      gzip: false,
      workerBlobURL: false,
      logger: (m: { status: string; progress: number }) => {
        if (m.status === 'recognizing text') progressListener?.(m.progress);
      },
    }),
  );
  return worker;
}

/** Reads the text of a rendered page; cancelling terminates the OCR worker (it cannot be interrupted otherwise). */
export async function recognisePage(image: HTMLCanvasElement, opts: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {}): Promise<string> {
  const w = await ocrWorker();
  opts.signal?.throwIfAborted();
  progressListener = opts.onProgress;
  const abort = () => void stopOcr();
  opts.signal?.addEventListener('abort', abort, { once: true });
  try {
    const { data } = await w.recognize(image);
    opts.signal?.throwIfAborted();
    return cleanOcrText(data.text);
  } finally {
    opts.signal?.removeEventListener('abort', abort);
    progressListener = undefined;
  }
}

export async function stopOcr(): Promise<void> {
  const w = worker;
  worker = undefined;
  if (w) await (await w).terminate();
}
