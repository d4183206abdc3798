import { proxy } from 'comlink';
import type { WebCodecsTrimOutcome, WebCodecsWorkerApi } from '../../workers/video/webcodecs.worker';
import type { WebCodecsMode } from '../../workers/video/webcodecs-trim';
import { stallWatchdog } from './stall-watchdog';
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

/**
 * A run that reports no progress for this long is stopped (its worker terminated) and the caller
 * falls back to ffmpeg.wasm. Progress comes with every frame handed to the muxer; the longest quiet
 * stretch is a smart cut's head (at most one keyframe interval re-encoded before it is added).
 */
const STALL_MS = 30_000;

export class WebCodecsStalled extends Error {}

/** Whether this browser has the WebCodecs video classes at all (the worker checks the file and codecs). */
export function hasWebCodecs(): boolean {
  return typeof VideoEncoder !== 'undefined' && typeof VideoDecoder !== 'undefined';
}

/**
 * Trims with WebCodecs. `{ ok: false }` when the browser or the file cannot take this path
 * (nothing was spent on it; run ffmpeg.wasm instead); rejects when a run that started failed
 * or stalled.
 */
export async function webcodecsTrim(
  file: File,
  span: { start: number; end: number },
  mode: WebCodecsMode,
  opts: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
): Promise<WebCodecsTrimOutcome> {
  if (!hasWebCodecs()) return { ok: false, reason: 'no-webcodecs' };
  const watchdog = stallWatchdog(STALL_MS, opts.signal);
  const progress = (fraction: number) => {
    watchdog.alive();
    opts.onProgress?.(fraction);
  };
  watchdog.alive();
  try {
    // Comlink's Remote distributes over the union's members; the worker returns one outcome.
    return await slot.run((r) => r.trim(file, span, mode, proxy(progress)) as Promise<WebCodecsTrimOutcome>, watchdog.signal);
  } catch (error) {
    throw watchdog.stalled() ? new WebCodecsStalled('the WebCodecs trim stopped making progress') : error;
  } finally {
    watchdog.dispose();
  }
}

export type { WebCodecsMode, WebCodecsTrimOutcome };
