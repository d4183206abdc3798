import { proxy, transfer, wrap, type Remote } from 'comlink';
import type { Box } from '@engines/image/crop-box';
import type { AiBackend, ClarityMode, PortraitPreset } from '@engines/image/ai-types';
import type { ImageSource } from '@engines/image/types';
import type { ClarityWorkerApi } from '../../workers/image/clarity.worker';
import type { FaceWorkerApi, PortraitResult } from '../../workers/image/face.worker';

/**
 * The AI image tools' two workers (a sibling of image-workers.ts): clarity (tfjs + upscaler +
 * ESRGAN) and faces (human's BlazeFace + smartcrop). Each is a single worker, started on first
 * use (this module is itself only loaded by the AI tools' lazy chunks), shut down after being
 * idle, and terminated when a call is aborted and does not stop by itself in time.
 */
const IDLE_SHUTDOWN_MS = 90_000;
/** How long a cancelled upscale may take to reach its next patch before its worker is killed. */
const CANCEL_GRACE_MS = 1_500;

interface Slot<T> {
  worker: Worker;
  remote: Remote<T>;
  busy: number;
  idleTimer?: ReturnType<typeof setTimeout>;
  /** Rejects the calls in flight: a terminated or crashed worker never answers them. */
  failAll: Set<(error: unknown) => void>;
}

function slotHolder<T>(spawn: () => Worker) {
  let slot: Slot<T> | undefined;
  const terminate = (s: Slot<T>, reason: unknown) => {
    clearTimeout(s.idleTimer);
    s.worker.terminate();
    if (slot === s) slot = undefined;
    for (const fail of s.failAll) fail(reason);
    s.failAll.clear();
  };
  const get = (): Slot<T> => {
    if (!slot) {
      const worker = spawn();
      const created: Slot<T> = { worker, remote: wrap<T>(worker), busy: 0, failAll: new Set() };
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        terminate(created, new Error(`AI worker failed: ${event.message || 'load error'}`));
      });
      slot = created;
    }
    clearTimeout(slot.idleTimer);
    return slot;
  };
  /** Runs one call; on abort, `onAbort` asks the worker to stop, and the worker dies if it does not. */
  return async <R>(call: (remote: Remote<T>) => Promise<R>, signal?: AbortSignal, onAbort?: (remote: Remote<T>) => void): Promise<R> => {
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const s = get();
    s.busy += 1;
    let fail: (error: unknown) => void = () => undefined;
    const stopped = new Promise<never>((_, reject) => {
      fail = reject;
    });
    s.failAll.add(fail);
    let killTimer: ReturnType<typeof setTimeout> | undefined;
    const abort = () => {
      fail(new DOMException('Aborted', 'AbortError'));
      if (onAbort) {
        onAbort(s.remote);
        killTimer = setTimeout(() => terminate(s, new DOMException('Aborted', 'AbortError')), CANCEL_GRACE_MS);
      } else terminate(s, new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', abort, { once: true });
    const settled = call(s.remote);
    try {
      return await Promise.race([settled, stopped]);
    } finally {
      signal?.removeEventListener('abort', abort);
      s.failAll.delete(fail);
      // A cancelled call that does end by itself in time keeps the worker (and its loaded model).
      if (killTimer) void settled.then(() => clearTimeout(killTimer), () => clearTimeout(killTimer));
      s.busy -= 1;
      if (s.busy === 0 && slot === s) s.idleTimer = setTimeout(() => terminate(s, new Error('AI worker shut down')), IDLE_SHUTDOWN_MS);
    }
  };
}

const onClarity = slotHolder<ClarityWorkerApi>(() => new Worker(new URL('../../workers/image/clarity.worker.ts', import.meta.url), { type: 'module', name: 'clarity' }));
const onFaces = slotHolder<FaceWorkerApi>(() => new Worker(new URL('../../workers/image/face.worker.ts', import.meta.url), { type: 'module', name: 'face' }));

function transferable(source: ImageSource): Transferable[] {
  return source.kind === 'bitmap' ? [source.bitmap] : [];
}

export interface EnhanceOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Forces a tfjs backend (benchmarks); the worker picks one by itself otherwise. */
  backend?: AiBackend;
}

/** One picture made clearer (x2, x4 or sharpened), as a bitmap ready for the image pool. */
export function enhanceImage(source: ImageSource, mode: ClarityMode, opts: EnhanceOptions = {}): Promise<ImageBitmap> {
  return onClarity(
    (remote) => remote.enhance(transfer(source, transferable(source)), mode, opts.onProgress ? proxy(opts.onProgress) : undefined, opts.backend ?? 'auto'),
    opts.signal,
    (remote) => void remote.cancel(),
  );
}

/** Live tensors in the clarity worker (a leak shows as a count that grows picture after picture). */
export function clarityMemory(): Promise<{ numTensors: number; numBytes: number; backend: string }> {
  return onClarity((remote) => remote.memory());
}

/** The faces in one picture, largest first. */
export function detectFaces(source: ImageSource, signal?: AbortSignal) {
  return onFaces((remote) => remote.detect(transfer(source, transferable(source))), signal);
}

/** One portrait cropped to a preset around `face` (or the largest face found, or smartcrop's pick). */
export function cropPortrait(source: ImageSource, preset: PortraitPreset, face: Box | null, signal?: AbortSignal): Promise<PortraitResult> {
  return onFaces((remote) => remote.crop(transfer(source, transferable(source)), preset, face), signal);
}
