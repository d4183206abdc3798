import { expose, transfer } from 'comlink';
import Human from '@vladmandic/human';
import smartcrop from 'smartcrop';
import { decodeSource } from '@engines/image/decode.js';
import { subjectFirst } from '@engines/image/face-pick.js';
import { portraitCrop, portraitOutputSize, ratioCropAround, presetUnits, type PortraitPreset } from '@engines/image/portrait-crop.js';
import type { Box } from '@engines/image/crop-box.js';
import type { FaceBox } from '@engines/image/ai-types.js';
import type { ImageSource } from '@engines/image/types.js';
import { hardwareWebgl } from './webgl';

/**
 * Face detection with @vladmandic/human's BlazeFace and nothing else enabled (no mesh, iris,
 * emotion, description, body, hands...), models from our own origin. Human bundles its own tfjs
 * (4.22), whose wasm binaries we do not ship: WebGL when a GPU draws it, else the CPU backend,
 * which is fast enough for BlazeFace's 256 px input (a software WebGL made the portrait benchmark
 * crawl, with the browser's GPU process at full CPU).
 */
const config = {
  modelBasePath: '/ai-models/human/',
  backend: 'webgl' as const,
  debug: false,
  async: true,
  warmup: 'none' as const,
  cacheModels: false,
  cacheSensitivity: 0,
  filter: { enabled: false },
  gesture: { enabled: false },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
  face: {
    enabled: true,
    // scale 1: the detector's own box (brows to chin), which the crop rules are written for.
    detector: { enabled: true, modelPath: 'blazeface.json', rotation: false, maxDetected: 10, minConfidence: 0.4, iouThreshold: 0.2, scale: 1, return: false },
    mesh: { enabled: false },
    attention: { enabled: false },
    iris: { enabled: false },
    description: { enabled: false },
    emotion: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
    gear: { enabled: false },
  },
};

let human: Promise<Human> | undefined;

function load(): Promise<Human> {
  human ??= (async () => {
    const instance = new Human({ ...config, backend: hardwareWebgl() ? 'webgl' : 'cpu' });
    try {
      await instance.init();
      await instance.load();
    } catch {
      // No WebGL in this worker: the CPU backend.
      instance.config.backend = 'cpu';
      await instance.init();
      await instance.load();
    }
    return instance;
  })();
  return human;
}

/** What the detector finds in a bitmap, in its pixels, in no particular order. */
async function detectIn(detector: Human, bitmap: ImageBitmap): Promise<FaceBox[]> {
  const result = await detector.detect(bitmap);
  return result.face
    .map((face) => ({ x: face.box[0], y: face.box[1], width: face.box[2], height: face.box[3], score: face.boxScore }))
    .filter((f) => f.width > 0 && f.height > 0);
}

/** Faces in a bitmap, the portrait's subject first (engines/image/face-pick.ts), in its pixels. */
async function facesIn(bitmap: ImageBitmap): Promise<FaceBox[]> {
  return subjectFirst(await detectIn(await load(), bitmap));
}

/** With no face, smartcrop's choice of the most interesting region at the preset's ratio. */
async function contentCrop(bitmap: ImageBitmap, preset: PortraitPreset): Promise<Box> {
  const [width, height] = presetUnits(preset);
  const { topCrop } = await smartcrop.crop(bitmap, { width, height, canvasFactory: (w: number, h: number) => new OffscreenCanvas(w, h) } as Parameters<typeof smartcrop.crop>[1]);
  return ratioCropAround(bitmap, topCrop, preset);
}

export interface PortraitResult {
  bitmap: ImageBitmap;
  /** The face the crop was built around (detected or given), or null when smartcrop chose. */
  face: Box | null;
  crop: Box;
}

const api = {
  /** The faces found in one picture (for the preview's adjustable box). */
  async detect(source: ImageSource): Promise<{ width: number; height: number; faces: FaceBox[] }> {
    const bitmap = await decodeSource(source);
    try {
      return { width: bitmap.width, height: bitmap.height, faces: await facesIn(bitmap) };
    } finally {
      bitmap.close();
    }
  },

  /**
   * One portrait cropped to the preset around `face` (the user's adjusted box) or, without one,
   * the subject (facesIn); with no face at all, around smartcrop's region. The crop comes
   * back as an ImageBitmap (transferred) for the image pool's other operations.
   */
  async crop(source: ImageSource, preset: PortraitPreset, face: Box | null): Promise<PortraitResult> {
    const bitmap = await decodeSource(source);
    try {
      const target = face ?? (await facesIn(bitmap))[0] ?? null;
      const box = target ? portraitCrop(bitmap, target, preset) : await contentCrop(bitmap, preset);
      const size = portraitOutputSize(box, preset);
      const canvas = new OffscreenCanvas(size.width, size.height);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('2D canvas unavailable');
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap, box.x, box.y, box.width, box.height, 0, 0, size.width, size.height);
      const out = canvas.transferToImageBitmap();
      return transfer({ bitmap: out, face: target ? { x: target.x, y: target.y, width: target.width, height: target.height } : null, crop: box }, [out]);
    } finally {
      bitmap.close();
    }
  },
};

expose(api);
export type FaceWorkerApi = typeof api;
