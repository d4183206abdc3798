import type { RecognisedPage } from '@contracts/documents.js';
/**
 * The contract of every document engine operation. Operations are plain async functions that
 * run unchanged in a Web Worker and in Node (tests, and the server's fallback path), so they
 * take and return bytes, never DOM objects.
 */
export interface ConvertInput {
  /** The user's file name, used only to name the result. */
  name: string;
  bytes: Uint8Array;
}

export interface ConvertOutput {
  name: string;
  mime: string;
  bytes: Uint8Array;
  /** PDF pages that had no readable text and were read by OCR (docs/pdf-scan-ocr.md). */
  recognised?: RecognisedPage[];
}

/** A page read by OCR: its number (1-based) and Tesseract's mean confidence over its characters (0..100); the wire's shape. */
export type { RecognisedPage };

/** What a recogniser is asked: one PDF page, by its bytes and number, or by pdf.js's page object. */
export interface RecogniseRequest {
  /** The whole PDF (a renderer outside pdf.js opens it itself). */
  pdf: Uint8Array;
  /** pdf.js's PDFPageProxy of that page, for a renderer that draws with pdf.js. */
  page: unknown;
  /** 1-based. */
  number: number;
  /** The page's size in points, as the analysis measures it (crop box, rotation applied). */
  width: number;
  height: number;
  /** Tesseract language codes, the main one first ("eng", "chi_sim"). */
  languages: string[];
  signal?: AbortSignal;
}

/**
 * Renders a page and recognises it with Tesseract: tesseract.js in the browser's document worker,
 * the server's own `tesseract` in its engine threads. Answers Tesseract's TSV and the rendering's
 * scale (image pixels per PDF point).
 */
export type PageRecogniser = (request: RecogniseRequest) => Promise<RecognisedImage>;

export interface RecognisedImage {
  tsv: string;
  scale: number;
  /** The rendering's pixels inside a box (image pixels), as PNG: a figure on the scan kept as a picture. */
  crop?: (box: { left: number; top: number; width: number; height: number }) => Promise<{ png: Uint8Array; width: number; height: number } | null>;
}

export interface ConvertOptions {
  /** 0..1, called as work advances. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /**
   * Renders a PDF page to PNG bytes (PDF → PPT backgrounds), leaving out the text and the
   * images in `skipImages` (placed as pictures instead). In the browser the worker passes an
   * OffscreenCanvas renderer; in Node it may be omitted, and vector curves are then not kept.
   */
  renderPage?: (page: unknown, scale: number, options?: { skipImages?: ReadonlySet<string> }) => Promise<Uint8Array | null>;
  /** Reads pages without a readable text layer; without one such pages keep only their pictures. */
  recognise?: PageRecogniser;
  /** Tesseract languages for `recognise`, the main one first; English and Simplified Chinese by default. */
  ocrLanguages?: string[];
}

export type ConvertOp = (input: ConvertInput, opts?: ConvertOptions) => Promise<ConvertOutput>;

/** Thrown for input the engine cannot read; `reason` is an i18n key under `convert.reasons`. */
export class EngineError extends Error {
  constructor(
    readonly reason: 'unreadable' | 'encrypted' | 'empty' | 'unsupported' | 'tooLarge',
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/** `report.xlsx` + `json` → `report.json`. */
export function renameExt(name: string, ext: string): string {
  const base = name.replace(/\.[^./\\]+$/, '');
  return `${base || 'converted'}.${ext}`;
}
