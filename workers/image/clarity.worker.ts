import { expose, transfer } from 'comlink';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import Upscaler from 'upscaler';
import x2 from '@upscalerjs/esrgan-slim/2x';
import x4 from '@upscalerjs/esrgan-slim/4x';
import { decodeSource } from '@engines/image/decode.js';
import { backProject } from '@engines/image/back-projection.js';
import { unsharpMask } from '@engines/image/sharpen.js';
import { planTiles, upscaleFits } from '@engines/image/tiles.js';
import type { AiBackend } from '@engines/image/ai-types.js';
import type { ImageSource } from '@engines/image/types.js';
import { hardwareWebgl } from './webgl';

/** Models and wasm binaries come from our own origin (scripts/build/ai-image-assets.ts). */
const MODEL_BASE = '/ai-models/esrgan-slim';
setWasmPaths('/ai-models/tfjs-wasm/');

/**
 * Outer tiles bound memory on large photos (only one tile's tensors live at a time); inside a
 * tile, upscaler runs the model on patches with padding so the patch seams do not show. Patches
 * of 512 px: a 512 px picture is one patch (192 px patches cost 16% more work in their padding
 * and 12% more time, measured by tests/bench/ai-image.ts), and one activation of a 528 px patch
 * is about 70 MB. The page splits a picture into bands, one per clarity worker
 * (src/lib/ai-image-workers.ts), so every core runs the model.
 */
const TILE_SIDE = 768;
const TILE_PADDING = 12;
const PATCH_SIZE = 512;
const PATCH_PADDING = 8;
/**
 * Back-projection steps after the model (engines/image/back-projection.ts): the output, shrunk
 * again, must give back the user's picture, which takes away the model's colour and brightness
 * drift. Measured by tests/bench/ai-image.ts (PSNR over bicubic).
 */
const BACK_PROJECTION_STEPS = 1;

let backend: Promise<AiBackend> | undefined;
const upscalers = new Map<2 | 4, InstanceType<typeof Upscaler>>();
let running: AbortController | null = null;

function pickBackend(wanted: AiBackend | 'auto'): Promise<AiBackend> {
  backend ??= (async () => {
    const order: AiBackend[] = wanted === 'auto' ? (hardwareWebgl() ? ['webgl', 'wasm', 'cpu'] : ['wasm', 'webgl', 'cpu']) : [wanted, 'wasm', 'cpu'];
    for (const name of order) {
      try {
        if (await tf.setBackend(name)) {
          await tf.ready();
          return name;
        }
      } catch {
        // Try the next backend.
      }
    }
    throw new Error('no tfjs backend');
  })();
  return backend;
}

function upscalerFor(scale: 2 | 4): InstanceType<typeof Upscaler> {
  let upscaler = upscalers.get(scale);
  if (!upscaler) {
    const definition = scale === 2 ? x2 : x4;
    upscaler = new Upscaler({ model: { ...definition, path: `${MODEL_BASE}/x${scale}/model.json` } });
    upscalers.set(scale, upscaler);
  }
  return upscaler;
}

function context(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('2D canvas unavailable');
  return ctx;
}

function abortError(): DOMException {
  return new DOMException('Aborted', 'AbortError');
}

/** Upscales tile by tile into one output canvas; every tile's tensors are disposed before the next. */
async function upscaleBitmap(bitmap: ImageBitmap, scale: 2 | 4, signal: AbortSignal, onProgress?: (fraction: number) => void): Promise<OffscreenCanvas> {
  if (!upscaleFits(bitmap, scale)) throw new RangeError('image too large for this scale');
  const upscaler = upscalerFor(scale);
  await upscaler.getModel();
  const source = new OffscreenCanvas(bitmap.width, bitmap.height);
  const sourceCtx = context(source);
  sourceCtx.drawImage(bitmap, 0, 0);
  const out = new OffscreenCanvas(bitmap.width * scale, bitmap.height * scale);
  const outCtx = context(out);
  const tiles = planTiles(bitmap, TILE_SIDE, TILE_PADDING);
  for (const [index, { core, read }] of tiles.entries()) {
    if (signal.aborted) throw abortError();
    const readPixels = sourceCtx.getImageData(read.x, read.y, read.width, read.height);
    const input = tf.browser.fromPixels(readPixels);
    let result: tf.Tensor3D | undefined;
    try {
      result = await upscaler.execute(input, {
        output: 'tensor',
        patchSize: PATCH_SIZE,
        padding: PATCH_PADDING,
        signal,
        awaitNextFrame: true,
        progress: (fraction: number) => onProgress?.((index + fraction) / tiles.length),
      });
      const whole = tf.tidy<tf.Tensor3D>(() => tf.clipByValue(result!, 0, 255).cast('int32'));
      const rgba = await tf.browser.toPixels(whole).finally(() => whole.dispose());
      const upscaled = { width: read.width * scale, height: read.height * scale, data: rgba };
      // Back-projected against the tile it came from, padding included, so the seams stay clean.
      const faithful = backProject(upscaled, readPixels, BACK_PROJECTION_STEPS);
      const pixels = new ImageData(faithful.data as Uint8ClampedArray<ArrayBuffer>, upscaled.width, upscaled.height);
      outCtx.putImageData(pixels, read.x * scale, read.y * scale, (core.x - read.x) * scale, (core.y - read.y) * scale, core.width * scale, core.height * scale);
    } finally {
      input.dispose();
      result?.dispose();
    }
    onProgress?.((index + 1) / tiles.length);
  }
  // The model writes opaque pixels: the source's transparency, smoothly scaled, is put back.
  outCtx.globalCompositeOperation = 'destination-in';
  outCtx.imageSmoothingQuality = 'high';
  outCtx.drawImage(bitmap, 0, 0, out.width, out.height);
  source.width = 0;
  return out;
}

function sharpenBitmap(bitmap: ImageBitmap): OffscreenCanvas {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = context(canvas);
  ctx.drawImage(bitmap, 0, 0);
  const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
  pixels.data.set(unsharpMask(pixels));
  ctx.putImageData(pixels, 0, 0);
  return canvas;
}

const api = {
  /**
   * One picture made clearer: x2 or x4 with the ESRGAN model, or sharpened without one. The
   * result is an ImageBitmap (transferred) that the image pool then runs through the other
   * operations. One picture at a time; `cancel()` stops it between patches.
   */
  async enhance(source: ImageSource, mode: 'x2' | 'x4' | 'sharpen', onProgress?: (fraction: number) => void, wantedBackend: AiBackend | 'auto' = 'auto'): Promise<ImageBitmap> {
    running?.abort();
    const controller = new AbortController();
    running = controller;
    const bitmap = await decodeSource(source);
    try {
      if (mode !== 'sharpen') await pickBackend(wantedBackend);
      const canvas = mode === 'sharpen' ? sharpenBitmap(bitmap) : await upscaleBitmap(bitmap, mode === 'x2' ? 2 : 4, controller.signal, onProgress);
      const result = canvas.transferToImageBitmap();
      return transfer(result, [result]);
    } finally {
      bitmap.close();
      if (running === controller) running = null;
    }
  },

  /** Stops the picture in progress (its promise rejects with an AbortError). */
  cancel(): void {
    running?.abort();
  },

  /** Live tensors and their bytes: the same after every picture when nothing leaks. */
  memory(): { numTensors: number; numBytes: number; backend: string } {
    return { numTensors: tf.memory().numTensors, numBytes: tf.memory().numBytes, backend: tf.getBackend() };
  },
};

expose(api);
export type ClarityWorkerApi = typeof api;
