import { expose, transfer } from 'comlink';
import qpdfWasmUrl from '@neslinesli93/qpdf-wasm/dist/qpdf.wasm?url';
import { setPdfAssetUrls } from '@engines/document/pdf-load.js';
import { EngineError, type ConvertInput, type ConvertOutput } from '@engines/document/types.js';
import type { PdfOpOptions } from '@engines/pdf/op-options.js';
import { PdfOptionsError } from '@engines/pdf/pdf-options-error.js';
import type { PdfBrowserToolKey } from '@engines/pdf/registry.js';
import { closeThumbnails, isOpen, openForThumbnails, pageText, renderThumbnail, type PageTextItem } from './page-thumbnails';
import { runCompare } from './compare';
import { runPagesToImages } from './pages-to-images';
import { zipOutputs } from './zip-outputs';
import type { Decrypter } from './decrypt';

// pdf.js side files are copied to /pdfjs/ by the build (vite.config.ts).
setPdfAssetUrls({ cMapUrl: '/pdfjs/cmaps/', standardFontDataUrl: '/pdfjs/standard_fonts/', wasmUrl: '/pdfjs/wasm/' });

/** The tools this worker runs (contracts/pdf-tools.ts, engine `browser`): the pdf-lib operations, and drawing pages as images. */
export type BrowserPdfToolKey = PdfBrowserToolKey | 'pdf-to-image' | 'pdf-compare';

/** Why a run or a file failed: an i18n reason key, the offending option text if any, and a message for logs. */
export interface PdfToolFailure {
  reason: string;
  detail?: string;
  message: string;
}

/** A call's outcome: failures come back as values, so the page can tell a bad file from a crashed worker. */
export type Answer<T> = { ok: true; value: T } | { ok: false; error: PdfToolFailure };

function failure(err: unknown): { ok: false; error: PdfToolFailure } {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof PdfOptionsError) return { ok: false, error: { reason: err.reason, detail: err.detail, message } };
  if (err instanceof EngineError) return { ok: false, error: { reason: err.reason, message } };
  // The registry checks the options with the tool's zod schema; the page checked them first, so this is rare.
  if (err instanceof Error && err.name === 'ZodError') return { ok: false, error: { reason: 'optionsInvalid', message } };
  return { ok: false, error: { reason: 'failed', message } };
}

async function runPdfLibTool(key: PdfBrowserToolKey, inputs: ConvertInput[], options: unknown, opts: PdfOpOptions): Promise<ConvertOutput[]> {
  const { PDF_BROWSER_OPS } = await import('@engines/pdf/registry.js');
  return (await PDF_BROWSER_OPS[key]())(inputs, options, opts);
}

/** qpdf's WebAssembly (1.3 MB), fetched with the first protected file only. */
let decrypter: Promise<Decrypter> | null = null;
const loadedDecrypter = () => (decrypter ??= import('./decrypt').then((m) => m.loadDecrypter(qpdfWasmUrl)));

const api = {
  /** Whether pdf-lib finds the file encrypted (a file it cannot read at all is for the tool to report). */
  async isEncrypted(bytes: Uint8Array): Promise<boolean> {
    const { loadPdf } = await import('@engines/pdf/load.js');
    try {
      await loadPdf(bytes);
      return false;
    } catch (err) {
      return err instanceof EngineError && err.reason === 'encrypted';
    }
  },

  /**
   * The file without its encryption, opened with `password` (empty: a file with a permissions
   * password only); `wrongPassword` when qpdf refuses. The password is not kept.
   */
  async unlock(bytes: Uint8Array, password: string): Promise<Answer<Uint8Array>> {
    try {
      const result = (await loadedDecrypter()).decrypt(bytes, password);
      if (!result.ok) return { ok: false, error: { reason: 'wrongPassword', message: `qpdf refused the password (exit ${result.status})` } };
      return transfer({ ok: true as const, value: result.bytes }, [result.bytes.buffer as ArrayBuffer]);
    } catch (err) {
      return failure(err);
    }
  },

  /** Opens a PDF for thumbnails (kept under `id`) and tells its page count; `encrypted` when it has an open password. */
  async open(id: string, bytes: Uint8Array): Promise<Answer<number>> {
    try {
      return { ok: true, value: await openForThumbnails(id, bytes) };
    } catch (err) {
      return failure(err);
    }
  },

  /** JPEG thumbnails of the given pages of a document opened with `open`; `missing` when it has been dropped since. */
  async thumbnails(id: string, pages: number[], width: number): Promise<Answer<Uint8Array[]> | { ok: false; missing: true }> {
    if (!isOpen(id)) return { ok: false, missing: true };
    try {
      const images: Uint8Array[] = [];
      for (const page of pages) images.push(await renderThumbnail(id, page, width));
      return transfer({ ok: true as const, value: images }, images.map((b) => b.buffer as ArrayBuffer));
    } catch (err) {
      return failure(err);
    }
  },

  /** The text runs of one page of a document opened with `open`, with their boxes in points (redact's search, compare's diff). */
  async text(id: string, page: number): Promise<Answer<{ width: number; height: number; rotate: number; items: PageTextItem[] }> | { ok: false; missing: true }> {
    if (!isOpen(id)) return { ok: false, missing: true };
    try {
      return { ok: true, value: await pageText(id, page) };
    } catch (err) {
      return failure(err);
    }
  },

  close(id: string): void {
    closeThumbnails(id);
  },

  /**
   * Runs one tool on its inputs (buffers transferred in) with options the page has checked
   * against the tool's schema; several outputs, or any output of a zip tool, come back as one zip.
   */
  async run(
    key: BrowserPdfToolKey,
    inputs: ConvertInput[],
    options: unknown,
    result: { zip: boolean; zipName: string },
    onProgress?: (fraction: number) => void,
  ): Promise<Answer<ConvertOutput>> {
    try {
      const opts = onProgress ? { onProgress } : {};
      // Drawing pages needs a canvas, which only the worker has: that tool is not among the pdf-lib operations.
      const outputs =
        key === 'pdf-to-image' ? await runPagesToImages(inputs, options, opts) : key === 'pdf-compare' ? await runCompare(inputs, options, opts) : await runPdfLibTool(key, inputs, options, opts);
      if (outputs.length === 0) return { ok: false, error: { reason: 'emptyOutput', message: 'The tool made no file' } };
      const single = outputs.length === 1 ? outputs[0] : undefined;
      const output = single && (!result.zip || single.mime === 'application/zip') ? single : await zipOutputs(outputs, result.zipName);
      return transfer({ ok: true as const, value: output }, [output.bytes.buffer as ArrayBuffer]);
    } catch (err) {
      return failure(err);
    }
  },
};

expose(api);
export type PdfToolsWorkerApi = typeof api;
