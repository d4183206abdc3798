import { proxy, transfer } from 'comlink';
import type { Box } from '@engines/image/crop-box';
import type { AiBackend, ClarityMode, PortraitPreset } from '@engines/image/ai-types';
import type { ImageSource } from '@engines/image/types';
import { decodeSource } from '@engines/image/decode';
import { planBands, upscaleFits } from '@engines/image/tiles';
import type { ClarityWorkerApi } from '../../workers/image/clarity.worker';
import type { FaceWorkerApi, PortraitResult } from '../../workers/image/face.worker';
import { workerSlot } from './worker-slot';

/**
 * The AI image tools' workers (a sibling of image-workers.ts): clarity (tfjs + upscaler + ESRGAN),
 * one per core up to a few, and one for faces (human's BlazeFace + smartcrop). Each starts on
 * first use (this module is itself only loaded by the AI tools' lazy chunks), shuts down after
 * being idle, and is terminated when a call is aborted and does not stop by itself in time.
 */
const IDLE_SHUTDOWN_MS = 90_000;
/** How long a cancelled upscale may take to reach its next patch before its worker is killed. */
const CANCEL_GRACE_MS = 1_500;
/** Rows of its neighbours each band reads above and below, as the worker's own tiles do. */
const BAND_PADDING = 12;
/** A band thinner than this is not worth a worker of its own. */
const MIN_BAND_ROWS = 64;

/**
 * tfjs's wasm backend runs one thread here (its threaded build did not start more on these
 * machines, even cross-origin isolated: tests/bench/ai-image.ts), so a picture is cut into bands
 * of rows and each clarity worker upscales one: one per core, at most 4 (each holds the model and
 * up to a few hundred MB of activations), 2 on a device that says it has 4 GB or less.
 */
function clarityWorkerCount(): number {
  const cores = navigator.hardwareConcurrency || 1;
  const memory = (navigator as Navigator & { deviceMemory?: number }).deviceMemory;
  return Math.max(1, Math.min(cores, memory !== undefined && memory <= 4 ? 2 : 4));
}

type ClaritySlot = ReturnType<typeof workerSlot<ClarityWorkerApi>>;
const claritySlots: ClaritySlot[] = [];

function claritySlot(index: number): ClaritySlot {
  claritySlots[index] ??= workerSlot<ClarityWorkerApi>({
    spawn: () => new Worker(new URL('../../workers/image/clarity.worker.ts', import.meta.url), { type: 'module', name: `clarity-${index + 1}` }),
    idleMs: IDLE_SHUTDOWN_MS,
    label: 'AI clarity',
    cancelGraceMs: CANCEL_GRACE_MS,
  });
  return claritySlots[index];
}

const onFaces = workerSlot<FaceWorkerApi>({
  spawn: () => new Worker(new URL('../../workers/image/face.worker.ts', import.meta.url), { type: 'module', name: 'face' }),
  idleMs: IDLE_SHUTDOWN_MS,
  label: 'AI face',
}).run;

function transferable(source: ImageSource): Transferable[] {
  return source.kind === 'bitmap' ? [source.bitmap] : [];
}

export interface EnhanceOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Forces a tfjs backend (benchmarks); the worker picks one by itself otherwise. */
  backend?: AiBackend;
}

/**
 * One picture made clearer (x2, x4 or sharpened), as a bitmap ready for the image pool. An
 * upscale is cut into bands of rows, one per clarity worker, run at once and put back together
 * without their padding rows; a failure or an abort of one band stops the others.
 */
export async function enhanceImage(source: ImageSource, mode: ClarityMode, opts: EnhanceOptions = {}): Promise<ImageBitmap> {
  const run = (index: number, part: ImageSource, signal: AbortSignal | undefined, onProgress?: (fraction: number) => void) =>
    claritySlot(index).run(
      (remote) => remote.enhance(transfer(part, transferable(part)), mode, onProgress ? proxy(onProgress) : undefined, opts.backend ?? 'auto'),
      signal,
      (remote) => void remote.cancel(),
    );
  if (mode === 'sharpen') return run(0, source, opts.signal, opts.onProgress);
  const bitmap = await decodeSource(source);
  const scale = mode === 'x2' ? 2 : 4;
  const bands = planBands(bitmap, clarityWorkerCount(), BAND_PADDING, MIN_BAND_ROWS);
  if (bands.length === 1) return run(0, { kind: 'bitmap', bitmap, mime: source.mime }, opts.signal, opts.onProgress);
  try {
    if (!upscaleFits(bitmap, scale)) throw new RangeError('image too large for this scale');
    const stop = new AbortController();
    const stopAll = () => stop.abort();
    opts.signal?.addEventListener('abort', stopAll, { once: true });
    const done = bands.map(() => 0);
    let parts: ImageBitmap[];
    try {
      parts = await Promise.all(
        bands.map(async ({ read }, i) => {
          const band = await createImageBitmap(bitmap, read.x, read.y, read.width, read.height);
          const onProgress = (fraction: number) => {
            done[i] = fraction;
            opts.onProgress?.(done.reduce((sum, f) => sum + f, 0) / bands.length);
          };
          return run(i, { kind: 'bitmap', bitmap: band, mime: source.mime }, stop.signal, onProgress).catch((error: unknown) => {
            stop.abort();
            throw error;
          });
        }),
      );
    } finally {
      opts.signal?.removeEventListener('abort', stopAll);
    }
    const out = new OffscreenCanvas(bitmap.width * scale, bitmap.height * scale);
    const ctx = out.getContext('2d');
    if (!ctx) throw new Error('2D canvas unavailable');
    for (const [i, { core, read }] of bands.entries()) {
      const part = parts[i]!;
      ctx.drawImage(part, 0, (core.y - read.y) * scale, core.width * scale, core.height * scale, core.x * scale, core.y * scale, core.width * scale, core.height * scale);
      part.close();
    }
    return out.transferToImageBitmap();
  } finally {
    bitmap.close();
  }
}

/** Live tensors in the clarity workers, summed (a leak shows as a count that grows picture after picture). */
export async function clarityMemory(): Promise<{ numTensors: number; numBytes: number; backend: string; workers: number }> {
  const each = await Promise.all((claritySlots.length ? claritySlots : [claritySlot(0)]).map((slot) => slot.run((remote) => remote.memory())));
  return {
    numTensors: each.reduce((sum, m) => sum + m.numTensors, 0),
    numBytes: each.reduce((sum, m) => sum + m.numBytes, 0),
    backend: each[0]!.backend,
    workers: each.length,
  };
}

/** The faces in one picture, the portrait's subject first. */
export function detectFaces(source: ImageSource, signal?: AbortSignal) {
  return onFaces((remote) => remote.detect(transfer(source, transferable(source))), signal);
}

/** One portrait cropped to a preset around `face` (or the largest face found, or smartcrop's pick). */
export function cropPortrait(source: ImageSource, preset: PortraitPreset, face: Box | null, signal?: AbortSignal): Promise<PortraitResult> {
  return onFaces((remote) => remote.crop(transfer(source, transferable(source)), preset, face), signal);
}
