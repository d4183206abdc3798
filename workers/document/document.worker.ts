import { expose, transfer } from 'comlink';
import { extensionOf } from '@contracts/convert-catalogue.js';
import { loadOp } from '@engines/document/engine-registry.js';
import { setPdfAssetUrls } from '@engines/document/pdf-load.js';
import { renderPageWithoutText } from '@engines/document/pdf-render-page.js';
import { EngineError, type ConvertInput, type ConvertOutput } from '@engines/document/types.js';
import { recogniseInBrowser } from './page-ocr.js';

// pdf.js side files are copied to /pdfjs/ by the build (vite.config.ts).
setPdfAssetUrls({ cMapUrl: '/pdfjs/cmaps/', standardFontDataUrl: '/pdfjs/standard_fonts/', wasmUrl: '/pdfjs/wasm/' });

/** What a failed conversion tells the page: an i18n reason key and a message for logs. */
export interface EngineFailure {
  reason: string;
  message: string;
}

const api = {
  /** Converts one file to the target group; the input's buffer is transferred in, the result's out. */
  async convert(
    target: string,
    input: ConvertInput,
    onProgress?: (fraction: number) => void,
  ): Promise<{ ok: true; output: ConvertOutput } | { ok: false; error: EngineFailure }> {
    try {
      const op = await loadOp(extensionOf(input.name), target);
      // Scanned PDF pages are read by tesseract.js, loaded only when one is met.
      const output = await op(input, { ...(onProgress ? { onProgress } : {}), renderPage: renderPageWithoutText, recognise: recogniseInBrowser });
      return transfer({ ok: true as const, output }, [output.bytes.buffer]);
    } catch (err) {
      const reason = err instanceof EngineError ? err.reason : 'unreadable';
      return { ok: false, error: { reason, message: err instanceof Error ? err.message : String(err) } };
    }
  },
};

expose(api);
export type DocumentWorkerApi = typeof api;
