import { expose, transfer } from 'comlink';
import type { WebCodecsMode } from './webcodecs-trim';

/** A trim done with WebCodecs, or why this browser or file cannot take that path (the page then runs ffmpeg.wasm). */
export type WebCodecsTrimOutcome =
  | { ok: true; bytes: ArrayBuffer; method: WebCodecsMode; reencodedFrames: number; copiedFrames: number; seconds: number }
  | { ok: false; reason: string };

const api = {
  /**
   * Trims `file` to `span`. mediabunny and the trim code load on the first call (this worker is
   * started only when the page wants a WebCodecs trim).
   */
  async trim(file: File, span: { start: number; end: number }, mode: WebCodecsMode, onProgress?: (fraction: number) => void): Promise<WebCodecsTrimOutcome> {
    const started = performance.now();
    const [mb, { webcodecsTrim, WebCodecsUnsupported }] = await Promise.all([import('mediabunny'), import('./webcodecs-trim')]);
    try {
      const r = await webcodecsTrim(mb, file, span, mode, onProgress);
      onProgress?.(1);
      const outcome: WebCodecsTrimOutcome = { ok: true, ...r, seconds: (performance.now() - started) / 1000 };
      return transfer<WebCodecsTrimOutcome>(outcome, [r.bytes]);
    } catch (error) {
      if (error instanceof WebCodecsUnsupported) return { ok: false, reason: error.reason } satisfies WebCodecsTrimOutcome;
      throw error;
    }
  },
};

expose(api);
export type WebCodecsWorkerApi = typeof api;
