import { proxy, type Remote } from 'comlink';
import type { VideoInfo } from '@engines/video/types';
import type { VideoJob, VideoOutput, VideoWorkerApi } from '../../workers/video/ffmpeg.worker';
import { stallWatchdog } from './stall-watchdog';
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

/**
 * ffmpeg prints its stats twice a second while it works; this long without a line, a run is
 * taken as hung. ffmpeg.wasm's threaded core sometimes hangs in Chromium with no error
 * (ffmpegwasm/ffmpeg.wasm#597, #772; once in our journeys, on a loaded machine, a 0.7 s lossless
 * trim never returned). The run is then stopped and tried again on the single-threaded core,
 * which this page keeps using.
 */
const STALL_MS = 45_000;
let threadsHung = false;

class StalledRun extends Error {}

/** Which core runs: `mt` (threads; the page is cross-origin isolated) or `st`. */
export function loadVideoCore(signal?: AbortSignal, preferThreads = true): Promise<'mt' | 'st'> {
  return slot.run((r) => r.load(preferThreads && !threadsHung), signal);
}

export function probeVideo(file: File, signal?: AbortSignal): Promise<VideoInfo> {
  return slot.run((r) => r.load(!threadsHung).then(() => r.probe(file)), signal);
}

export function videoKeyframes(file: File, signal?: AbortSignal): Promise<number[]> {
  return slot.run((r) => r.load(!threadsHung).then(() => r.keyframes(file)), signal);
}

/** Runs one plan in the worker; outputs come back as transferred buffers. */
export function runVideoJob(job: VideoJob, opts: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {}): Promise<VideoOutput[]> {
  return withThreadFallback((r, alive, progress) => r.run(job, progress, alive), opts);
}

type Watched<T> = (remote: Remote<VideoWorkerApi>, alive: () => void, progress: ((fraction: number) => void) | undefined) => Promise<T>;

/** One call under the watchdog; a stall on the threaded core is run again on the single-threaded one. */
async function withThreadFallback<T>(call: Watched<T>, opts: { signal?: AbortSignal; onProgress?: (fraction: number) => void }): Promise<T> {
  try {
    return await runWatched(call, opts, !threadsHung);
  } catch (error) {
    if (!(error instanceof StalledRun) || threadsHung) throw error;
    threadsHung = true;
    console.warn('ffmpeg went silent on the threaded core; running again on the single-threaded one');
    return runWatched(call, opts, false);
  }
}

/** One run under the watchdog: silence for STALL_MS (counted once the run has started) stops it with StalledRun. */
async function runWatched<T>(call: Watched<T>, opts: { signal?: AbortSignal; onProgress?: (fraction: number) => void }, preferThreads: boolean): Promise<T> {
  const watchdog = stallWatchdog(STALL_MS, opts.signal);
  try {
    const alive = proxy(() => watchdog.alive());
    return await slot.run((r) => r.load(preferThreads).then(() => call(r, alive, opts.onProgress ? proxy(opts.onProgress) : undefined)), watchdog.signal);
  } catch (error) {
    throw watchdog.stalled() ? new StalledRun('ffmpeg stopped answering') : error;
  } finally {
    watchdog.dispose();
  }
}

/**
 * The log lines of a plan that writes nothing (the cut finders), under the same watchdog as a
 * run: ffmpeg's stats say the pass is alive even when its detectors find nothing.
 */
export function analyseVideo(job: Omit<VideoJob, 'texts'>, opts: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {}): Promise<string[]> {
  return withThreadFallback((r, alive, progress) => r.analyse(job, progress, alive), opts);
}

/** Frees the worker and its core (the page unmounted with nothing running). */
export function closeVideoWorker(): void {
  slot.close();
}

export type { VideoJob, VideoOutput };
