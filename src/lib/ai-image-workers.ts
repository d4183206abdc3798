import { proxy, transfer } from 'comlink';
import type { Box } from '@engines/image/crop-box';
import type { AiBackend, ClarityMode, PortraitPreset } from '@engines/image/ai-types';
import type { ImageSource } from '@engines/image/types';
import type { ClarityWorkerApi } from '../../workers/image/clarity.worker';
import type { FaceWorkerApi, PortraitResult } from '../../workers/image/face.worker';
import { workerSlot } from './worker-slot';

/**
 * The AI image tools' two workers (a sibling of image-workers.ts): clarity (tfjs + upscaler +
 * ESRGAN) and faces (human's BlazeFace + smartcrop). Each is a single worker, started on first
 * use (this module is itself only loaded by the AI tools' lazy chunks), shut down after being
 * idle, and terminated when a call is aborted and does not stop by itself in time.
 */
const IDLE_SHUTDOWN_MS = 90_000;
/** How long a cancelled upscale may take to reach its next patch before its worker is killed. */
const CANCEL_GRACE_MS = 1_500;


const onClarity = workerSlot<ClarityWorkerApi>({
  spawn: () => new Worker(new URL('../../workers/image/clarity.worker.ts', import.meta.url), { type: 'module', name: 'clarity' }),
  idleMs: IDLE_SHUTDOWN_MS,
  label: 'AI clarity',
  cancelGraceMs: CANCEL_GRACE_MS,
}).run;
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
