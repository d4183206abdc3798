import { proxy, wrap, type Remote } from 'comlink';
import type { VideoInfo } from '@engines/video/types';
import type { VideoJob, VideoOutput, VideoWorkerApi } from '../../workers/video/ffmpeg.worker';

/**
 * The ffmpeg.wasm worker (one at a time: one core uses hundreds of MB). Loading the core costs
 * seconds, so the worker stays up between operations and shuts down only after a long idle.
 * Cancelling terminates it (a running ffmpeg cannot be interrupted); the next call starts a fresh one.
 */
const IDLE_SHUTDOWN_MS = 5 * 60_000;

interface Slot {
  worker: Worker;
  remote: Remote<VideoWorkerApi>;
  busy: number;
  idleTimer?: ReturnType<typeof setTimeout>;
  failAll: Set<(error: Error) => void>;
}

let slot: Slot | undefined;

function open(): Slot {
  if (!slot) {
    const worker = new Worker(new URL('../../workers/video/ffmpeg.worker.ts', import.meta.url), { type: 'module', name: 'ffmpeg' });
    const s: Slot = { worker, remote: wrap<VideoWorkerApi>(worker), busy: 0, failAll: new Set() };
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      stop(s, new Error('worker-failed'));
    });
    slot = s;
  }
  clearTimeout(slot.idleTimer);
  return slot;
}

function stop(s: Slot, reason: Error): void {
  clearTimeout(s.idleTimer);
  s.worker.terminate();
  if (slot === s) slot = undefined;
  for (const fail of s.failAll) fail(reason);
  s.failAll.clear();
}

/** Runs one call on the worker; an abort terminates the worker and rejects with an AbortError. */
async function call<T>(signal: AbortSignal | undefined, fn: (remote: Remote<VideoWorkerApi>) => Promise<T>): Promise<T> {
  if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
  const s = open();
  s.busy += 1;
  let fail: (error: Error) => void = () => undefined;
  const stopped = new Promise<never>((_, reject) => {
    fail = reject;
  });
  s.failAll.add(fail);
  const onAbort = () => stop(s, new DOMException('Aborted', 'AbortError'));
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.race([fn(s.remote), stopped]);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    s.failAll.delete(fail);
    s.busy -= 1;
    if (s.busy === 0 && slot === s) s.idleTimer = setTimeout(() => stop(s, new Error('worker-idle')), IDLE_SHUTDOWN_MS);
  }
}

/** Which core runs: `mt` (threads; the page is cross-origin isolated) or `st`. */
export function loadVideoCore(signal?: AbortSignal, preferThreads = true): Promise<'mt' | 'st'> {
  return call(signal, (r) => r.load(preferThreads));
}

export function probeVideo(file: File, signal?: AbortSignal): Promise<VideoInfo> {
  return call(signal, (r) => r.probe(file));
}

export function videoKeyframes(file: File, signal?: AbortSignal): Promise<number[]> {
  return call(signal, (r) => r.keyframes(file));
}

/** Runs one plan in the worker; outputs come back as transferred buffers. */
export function runVideoJob(job: VideoJob, opts: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {}): Promise<VideoOutput[]> {
  return call(opts.signal, (r) => r.run(job, opts.onProgress ? proxy(opts.onProgress) : undefined));
}

/** Frees the worker and its core (the page unmounted with nothing running). */
export function closeVideoWorker(): void {
  if (slot && slot.busy === 0) stop(slot, new Error('worker-closed'));
}

export type { VideoJob, VideoOutput };
