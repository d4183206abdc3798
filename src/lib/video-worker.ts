import { proxy } from 'comlink';
import type { VideoInfo } from '@engines/video/types';
import type { VideoJob, VideoOutput, VideoWorkerApi } from '../../workers/video/ffmpeg.worker';
import { workerSlot } from './worker-slot';

/**
 * The ffmpeg.wasm worker (one at a time: one core uses hundreds of MB). Loading the core costs
 * seconds, so the worker stays up between operations and shuts down only after a long idle.
 * Cancelling terminates it (a running ffmpeg cannot be interrupted); the next call starts a fresh one.
 */
const IDLE_SHUTDOWN_MS = 5 * 60_000;

const slot = workerSlot<VideoWorkerApi>({
  spawn: () => new Worker(new URL('../../workers/video/ffmpeg.worker.ts', import.meta.url), { type: 'module', name: 'ffmpeg' }),
  idleMs: IDLE_SHUTDOWN_MS,
  label: 'ffmpeg',
});

/** Which core runs: `mt` (threads; the page is cross-origin isolated) or `st`. */
export function loadVideoCore(signal?: AbortSignal, preferThreads = true): Promise<'mt' | 'st'> {
  return slot.run((r) => r.load(preferThreads), signal);
}

export function probeVideo(file: File, signal?: AbortSignal): Promise<VideoInfo> {
  return slot.run((r) => r.probe(file), signal);
}

export function videoKeyframes(file: File, signal?: AbortSignal): Promise<number[]> {
  return slot.run((r) => r.keyframes(file), signal);
}

/** Runs one plan in the worker; outputs come back as transferred buffers. */
export function runVideoJob(job: VideoJob, opts: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {}): Promise<VideoOutput[]> {
  return slot.run((r) => r.run(job, opts.onProgress ? proxy(opts.onProgress) : undefined), opts.signal);
}

/** Frees the worker and its core (the page unmounted with nothing running). */
export function closeVideoWorker(): void {
  slot.close();
}

export type { VideoJob, VideoOutput };
