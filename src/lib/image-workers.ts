import { transfer, wrap, type Remote } from 'comlink';
import type { ImageWorkerApi } from '../../workers/image/image.worker';
import type { ImageConfig, ImageSource, ProbeResult, ProcessResult } from '@engines/image/types';
import type { ZipWorkerApi } from '../../workers/image/zip.worker';

/**
 * The image tools' workers (a sibling of workers.ts, which creates every other worker): a pool
 * sized from navigator.hardwareConcurrency for probing and processing, one worker for the live
 * preview, and one short-lived worker per zip. Workers start on first use, a busy one is
 * terminated when its caller aborts, and the pool shuts down after being idle.
 */
const IDLE_SHUTDOWN_MS = 60_000;
/** Beyond this, more workers only add decoded 12 MP bitmaps to memory, not speed. */
const MAX_POOL_SIZE = 8;

interface PoolWorker {
  worker: Worker;
  remote: Remote<ImageWorkerApi>;
  busy: boolean;
}

const pool: PoolWorker[] = [];
const waiting: Array<(slot: PoolWorker) => void> = [];
let idleTimer: ReturnType<typeof setTimeout> | undefined;

/** How many images are processed at once: one per logical core, read at each use. */
export function imagePoolSize(): number {
  const cores = typeof navigator === 'undefined' ? 2 : navigator.hardwareConcurrency || 2;
  return Math.min(MAX_POOL_SIZE, Math.max(1, Math.floor(cores)));
}

function spawnImageWorker(): Worker {
  return new Worker(new URL('../../workers/image/image.worker.ts', import.meta.url), { type: 'module', name: 'image' });
}

function take(): PoolWorker | null {
  if (pool.filter((slot) => slot.busy).length >= imagePoolSize()) return null;
  let slot = pool.find((s) => !s.busy);
  if (!slot) {
    const worker = spawnImageWorker();
    slot = { worker, remote: wrap<ImageWorkerApi>(worker), busy: false };
    pool.push(slot);
  }
  slot.busy = true;
  return slot;
}

function acquire(): Promise<PoolWorker> {
  clearTimeout(idleTimer);
  const slot = take();
  return slot ? Promise.resolve(slot) : new Promise((resolve) => waiting.push(resolve));
}

/** Hands freed capacity to the next caller in line, or starts the idle countdown. */
function wakeNext(): void {
  while (waiting.length > 0) {
    const slot = take();
    if (!slot) return;
    waiting.shift()!(slot);
  }
  if (pool.some((s) => s.busy)) return;
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => pool.splice(0).forEach((s) => s.worker.terminate()), IDLE_SHUTDOWN_MS);
}

function release(slot: PoolWorker): void {
  slot.busy = false;
  wakeNext();
}

function discard(slot: PoolWorker): void {
  slot.worker.terminate();
  pool.splice(pool.indexOf(slot), 1);
  wakeNext();
}

function abortError(): DOMException {
  return new DOMException('Aborted', 'AbortError');
}

/** Runs one call on a free pool worker; on abort the worker is terminated (the only way to stop it). */
async function onPool<T>(call: (remote: Remote<ImageWorkerApi>) => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) throw abortError();
  const slot = await acquire();
  if (signal?.aborted) {
    release(slot);
    throw abortError();
  }
  let onAbort = () => undefined as void;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortError());
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([call(slot.remote), aborted]);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (signal?.aborted) discard(slot);
    else release(slot);
  }
}

function transferable(source: ImageSource): Transferable[] {
  return source.kind === 'bitmap' ? [source.bitmap] : [];
}

/**
 * Upright size and a thumbnail; rejects when the browser cannot decode the image. `load` runs
 * only once a worker is free, so a thousand queued files are not all read into memory at once.
 */
export function probeImage(load: () => Promise<ImageSource>, signal?: AbortSignal): Promise<ProbeResult> {
  return onPool(async (remote) => {
    const source = await load();
    return remote.probe(transfer(source, transferable(source)));
  }, signal);
}

/** One image through the enabled operations; a bitmap source is transferred, a file passed by reference. */
export function processImage(load: () => Promise<ImageSource>, name: string, config: ImageConfig, signal?: AbortSignal): Promise<ProcessResult> {
  return onPool(async (remote) => {
    const source = await load();
    return remote.process(transfer(source, transferable(source)), name, config);
  }, signal);
}

let previewWorker: { worker: Worker; remote: Remote<ImageWorkerApi> } | null = null;

function previewRemote(): Remote<ImageWorkerApi> {
  if (!previewWorker) {
    const worker = spawnImageWorker();
    previewWorker = { worker, remote: wrap<ImageWorkerApi>(worker) };
  }
  return previewWorker.remote;
}

/**
 * Renders the selected image with the current settings in the preview worker, which keeps it
 * decoded. `loadSource` is called only when that worker does not hold the image yet.
 */
export async function previewImage(
  id: string,
  name: string,
  config: ImageConfig,
  maxSide: number,
  loadSource: () => Promise<ImageSource>,
): Promise<ProcessResult> {
  const remote = previewRemote();
  const first = await remote.preview(id, name, config, maxSide);
  if (first) return first;
  const source = await loadSource();
  await remote.setPreviewSource(id, transfer(source, transferable(source)));
  const second = await remote.preview(id, name, config, maxSide);
  if (!second) throw new Error('preview source lost');
  return second;
}

/** Frees the preview worker and its decoded image (the page unmounted). */
export function closePreviewWorker(): void {
  previewWorker?.worker.terminate();
  previewWorker = null;
}

export interface ZipBuilder {
  /** Adds one entry; the buffer is transferred to the zip worker. */
  add(name: string, bytes: ArrayBuffer): Promise<void>;
  /** The archive's parts in order (one unless it passed `partBytes`). */
  finish(): Promise<Blob[]>;
  /** Stops and frees the worker (cancel, or after finish). */
  dispose(): void;
}

/** A zip part never grows past this: each stays far from the 4 GB a zip without Zip64 may hold. */
export const ZIP_PART_BYTES = 1024 ** 3;

/** A zip built in its own worker, entries streamed to disk as they are ready, split at `partBytes`. */
export function createZipBuilder(partBytes = ZIP_PART_BYTES): ZipBuilder {
  const worker = new Worker(new URL('../../workers/image/zip.worker.ts', import.meta.url), { type: 'module', name: 'zip' });
  const remote = wrap<ZipWorkerApi>(worker);
  const started = remote.start(partBytes);
  return {
    add: async (name, bytes) => (await started, remote.add(name, transfer(bytes, [bytes]))),
    finish: async () => (await started, remote.finish()),
    dispose: () => worker.terminate(),
  };
}
