import { proxy } from 'comlink';
import type { WebCodecsTrimOutcome, WebCodecsWorkerApi } from '../../workers/video/webcodecs.worker';
import type { WebCodecsMode } from '../../workers/video/webcodecs-trim';
import { workerSlot } from './worker-slot';

/**
 * The WebCodecs trim worker (docs/video-webcodecs.md): started only when a trim may take that path,
 * shut down after a minute idle; cancelling terminates it.
 */
const slot = workerSlot<WebCodecsWorkerApi>({
  spawn: () => new Worker(new URL('../../workers/video/webcodecs.worker.ts', import.meta.url), { type: 'module', name: 'webcodecs' }),
  idleMs: 60_000,
  label: 'webcodecs',
});

/** Whether this browser has the WebCodecs video classes at all (the worker checks the file and codecs). */
export function hasWebCodecs(): boolean {
  return typeof VideoEncoder !== 'undefined' && typeof VideoDecoder !== 'undefined';
}

/**
 * Trims with WebCodecs. `{ ok: false }` when the browser or the file cannot take this path
 * (nothing was spent on it; run ffmpeg.wasm instead); rejects when a run that started failed.
 */
export function webcodecsTrim(
  file: File,
  span: { start: number; end: number },
  mode: WebCodecsMode,
  opts: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
): Promise<WebCodecsTrimOutcome> {
  if (!hasWebCodecs()) return Promise.resolve({ ok: false, reason: 'no-webcodecs' });
  // Comlink's Remote distributes over the union's members; the worker returns one outcome.
  return slot.run((r) => r.trim(file, span, mode, opts.onProgress ? proxy(opts.onProgress) : undefined) as Promise<WebCodecsTrimOutcome>, opts.signal);
}

export type { WebCodecsMode, WebCodecsTrimOutcome };
