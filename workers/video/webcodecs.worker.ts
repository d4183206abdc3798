import { expose, transfer } from 'comlink';
import type { CropRect, WebCodecsMode, WebCodecsTrimResult } from './webcodecs-trim';

/** A trim done with WebCodecs, or why this browser or file cannot take that path (the page then runs ffmpeg.wasm). */
export type WebCodecsTrimOutcome =
  | { ok: true; bytes: ArrayBuffer; method: WebCodecsMode; reencodedFrames: number; copiedFrames: number; seconds: number }
  | { ok: false; reason: string };

/** Loads the WebCodecs code lazily, runs `work`, and turns "cannot" into an outcome. */
async function outcome(work: (mb: typeof import('mediabunny'), code: typeof import('./webcodecs-trim')) => Promise<WebCodecsTrimResult>, onProgress?: (fraction: number) => void): Promise<WebCodecsTrimOutcome> {
  const started = performance.now();
  const [mb, code] = await Promise.all([import('mediabunny'), import('./webcodecs-trim')]);
  try {
    const r = await work(mb, code);
    onProgress?.(1);
    return transfer<WebCodecsTrimOutcome>({ ok: true, ...r, seconds: (performance.now() - started) / 1000 }, [r.bytes]);
  } catch (error) {
    if (error instanceof code.WebCodecsUnsupported) return { ok: false, reason: error.reason } satisfies WebCodecsTrimOutcome;
    throw error;
  }
}

const api = {
  /**
   * Trims `file` to `span`. mediabunny and the trim code load on the first call (this worker is
   * started only when the page wants a WebCodecs trim).
   */
  async trim(file: File, span: { start: number; end: number }, mode: WebCodecsMode, onProgress?: (fraction: number) => void): Promise<WebCodecsTrimOutcome> {
    return outcome((mb, code) => code.webcodecsTrim(mb, file, span, mode, onProgress), onProgress);
  },

  /** Crops every frame of `file` to `rect` (the whole file re-encoded). */
  async crop(file: File, rect: CropRect, onProgress?: (fraction: number) => void): Promise<WebCodecsTrimOutcome> {
    return outcome((mb, code) => code.webcodecsCrop(mb, file, rect, onProgress), onProgress);
  },
};

expose(api);
export type WebCodecsWorkerApi = typeof api;
