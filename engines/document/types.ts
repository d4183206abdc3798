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
