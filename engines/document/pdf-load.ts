// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a .d.ts of ambient module declarations has nothing to import; the reference brings it into every program that loads this file (tsconfig.json excludes engines/)
/// <reference path="./pdf-worker-module.d.ts" />
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { EngineError } from './types';
import { NoFilterFactory, OffscreenCanvasFactory } from './pdf-worker-canvas';

export type PdfJs = typeof import('pdfjs-dist');

/**
 * Where pdf.js finds its side files: predefined CMaps (needed to extract text from CJK PDFs
 * that use non-embedded fonts), standard font data and wasm decoders (JPEG 2000). The browser
 * worker sets these to self-hosted URLs; in Node they default to the files in node_modules.
 * Each ends with a slash.
 */
export interface PdfAssetUrls {
  cMapUrl?: string;
  standardFontDataUrl?: string;
  wasmUrl?: string;
}

let assetUrls: PdfAssetUrls = {};
let pdfjsPromise: Promise<PdfJs> | null = null;

export function setPdfAssetUrls(urls: PdfAssetUrls): void {
  assetUrls = { ...urls };
}

function isNode(): boolean {
  return typeof process !== 'undefined' && Boolean(process.versions?.node);
}

/** Node needs the legacy build (no DOM polyfills in the modern one). */
const NODE_BUILD = 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Loads pdf.js once, lazily. In a Web Worker there is no DOM to start pdf.js's own nested
 * worker from, so its worker module is imported first: it registers `globalThis.pdfjsWorker`,
 * which makes pdf.js parse in this same thread (a "fake worker"). Node does that by itself.
 */
export function loadPdfjs(): Promise<PdfJs> {
  pdfjsPromise ??= (async () => {
    if (isNode()) {
      // A variable specifier keeps the Node-only build out of the browser bundle.
      const pdfjs = (await import(/* @vite-ignore */ NODE_BUILD)) as PdfJs;
      assetUrls = { ...nodeAssetPaths(), ...assetUrls };
      return pdfjs;
    }
    await import('pdfjs-dist/build/pdf.worker.min.mjs');
    return import('pdfjs-dist');
  })();
  return pdfjsPromise;
}

function nodeAssetPaths(): PdfAssetUrls {
  try {
    const root = new URL('./', import.meta.resolve('pdfjs-dist/package.json'));
    const dir = (sub: string) => decodeURIComponent(new URL(sub, root).pathname);
    return { cMapUrl: dir('cmaps/'), standardFontDataUrl: dir('standard_fonts/'), wasmUrl: dir('wasm/') };
  } catch {
    return {};
  }
}

/**
 * In a Web Worker pdf.js must not reach for `document`: it fetches its side files itself
 * (deciding that would read `document.baseURI`), draws on OffscreenCanvas, and renders glyphs
 * as paths rather than CSS font faces.
 */
function workerRendering() {
  const base = { useWorkerFetch: true, disableFontFace: true };
  return typeof OffscreenCanvas === 'undefined' ? base : { ...base, CanvasFactory: OffscreenCanvasFactory, FilterFactory: NoFilterFactory };
}

/** Opens a PDF, mapping pdf.js's failures to the engine's reasons. */
export async function openPdf(bytes: Uint8Array, signal?: AbortSignal): Promise<PDFDocumentProxy> {
  if (bytes.byteLength === 0) throw new EngineError('empty', 'The PDF file is empty.');
  signal?.throwIfAborted();
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    // pdf.js transfers (detaches) the buffer it is given; the caller keeps its bytes.
    data: bytes.slice(),
    ...assetUrls,
    // Raw pixels instead of ImageBitmaps, so images can be re-encoded the same way everywhere.
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
    ...(isNode() || 'document' in globalThis ? {} : workerRendering()),
  });
  const abort = () => void task.destroy();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    return await task.promise;
  } catch (error) {
    signal?.throwIfAborted();
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') throw new EngineError('encrypted', 'The PDF is password protected.');
    throw new EngineError('unreadable', `The PDF could not be read: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    signal?.removeEventListener('abort', abort);
  }
}
