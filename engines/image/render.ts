import type { ImageConfig } from './types.js';
import { cropBox, cropOutputSize, cropPlace, type Size } from './crop-box.js';
import type { OutputPlan } from './output-format.js';
import { drawWatermark } from './watermark-draw.js';

/** The canvas encoder's own default for WebP, used for any lossy type given no quality. */
const DEFAULT_QUALITY = 0.8;

/** The output size before any preview scaling: the crop size, or the upright source size. */
export function outputSize(source: Size, config: ImageConfig): Size {
  return config.enabled.crop ? cropOutputSize(config.crop) : { width: source.width, height: source.height };
}

/** The border, drawn inside the edges so the sizes the user typed stay exact. */
function drawBorder(ctx: OffscreenCanvasRenderingContext2D, size: Size, border: ImageConfig['border'], scale: number): void {
  const width = Math.min(Math.round(border.width * scale) || (border.width > 0 ? 1 : 0), Math.floor(Math.min(size.width, size.height) / 2));
  if (width <= 0) return;
  ctx.fillStyle = border.color;
  ctx.fillRect(0, 0, size.width, width);
  ctx.fillRect(0, size.height - width, size.width, width);
  ctx.fillRect(0, width, width, size.height - width * 2);
  ctx.fillRect(size.width - width, width, width, size.height - width * 2);
}

/**
 * Resampling quality for a scale factor (source pixels per output pixel). From 2x down, the
 * mipmaps behind 'medium' already average every source pixel and the cubic filter of 'high' adds
 * no visible detail, at twice the cost; milder resizes and upscales get 'high'.
 */
export function smoothingFor(factor: number): ImageSmoothingQuality {
  return factor >= 2 ? 'medium' : 'high';
}

export interface RenderOptions {
  /** 1 for the real output; below 1 for the live preview (marks and border scale along). */
  scale: number;
  plan: OutputPlan;
  markImage: ImageBitmap | null;
}

/** Runs the pixel operations in their fixed order: crop (and resize), watermark, border. */
export function renderPixels(bitmap: ImageBitmap, config: ImageConfig, options: RenderOptions): OffscreenCanvas {
  const source = { width: bitmap.width, height: bitmap.height };
  const full = outputSize(source, config);
  const size = { width: Math.max(1, Math.round(full.width * options.scale)), height: Math.max(1, Math.round(full.height * options.scale)) };
  const canvas = new OffscreenCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas unavailable');
  if (options.plan.mime === 'image/jpeg') {
    // JPEG has no transparency: transparent pixels would turn black.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
  }
  const box = config.enabled.crop ? cropBox(source, full, cropPlace(config.crop.type)) : { x: 0, y: 0, ...source };
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = smoothingFor(box.width / size.width);
  ctx.drawImage(bitmap, box.x, box.y, box.width, box.height, 0, 0, size.width, size.height);
  if (config.enabled.watermark) drawWatermark(ctx, size, config.watermark, options.markImage, options.scale);
  if (config.enabled.border) drawBorder(ctx, size, config.border, options.scale);
  return canvas;
}

/**
 * Encoders by output type that replace the canvas's own (WebP: see webp-encode.ts; JPEG: MozJPEG;
 * AVIF and JPEG XL, which the canvas cannot write at all: see wasm-encoders.ts).
 */
export type CanvasEncoders = Partial<Record<string, (image: ImageData, quality: number) => Promise<ArrayBuffer>>>;

/** Types only a wasm encoder writes: no canvas fallback (Chromium would quietly write PNG). */
const WASM_ONLY = new Set(['image/avif', 'image/jxl']);

/**
 * Encodes a canvas as the plan says, then frees its pixels (not left for the garbage collector).
 * When a replacement encoder of a type the canvas also writes fails (its wasm cannot load, say
 * offline before it was ever cached), the canvas's own encoder still does the job.
 */
export async function encodeCanvas(canvas: OffscreenCanvas, plan: OutputPlan, encoders: CanvasEncoders = {}): Promise<ArrayBuffer> {
  try {
    const encoder = encoders[plan.mime];
    if (encoder) {
      const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height);
      if (pixels) {
        try {
          return await encoder(pixels, plan.quality ?? DEFAULT_QUALITY);
        } catch (error) {
          if (WASM_ONLY.has(plan.mime)) throw error;
          console.warn(`[image] wasm encoder for ${plan.mime} unavailable, using the canvas encoder`, error);
        }
      }
    }
    if (WASM_ONLY.has(plan.mime)) throw new Error(`no encoder for ${plan.mime}`);
    const blob = await canvas.convertToBlob({ type: plan.mime, ...(plan.quality === undefined ? {} : { quality: plan.quality }) });
    return await blob.arrayBuffer();
  } finally {
    canvas.width = 0;
    canvas.height = 0;
  }
}
