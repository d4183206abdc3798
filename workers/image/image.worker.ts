import { expose, transfer } from 'comlink';
import { decodeMarkImage, decodeSource } from '@engines/image/decode.js';
import { planOutput } from '@engines/image/output-format.js';
import { encodeCanvas, outputSize, renderPixels, type CanvasEncoders } from '@engines/image/render.js';
import { createWebpEncoder } from '@engines/image/webp-encode.js';
import { loadWebpWasm } from '@engines/image/webp-wasm.js';
import type { ImageConfig, ImageSource, ProbeResult, ProcessResult } from '@engines/image/types.js';

const encoders: CanvasEncoders = { webp: createWebpEncoder(loadWebpWasm) };

/** Longest side of the grid thumbnails (2x a 160 px cell). */
const THUMB_SIDE = 320;

/** The selected image stays decoded here, so each settings change only re-renders. */
let previewSource: { id: string; bitmap: ImageBitmap; mime: string } | null = null;

async function markFor(config: ImageConfig): Promise<ImageBitmap | null> {
  return config.enabled.watermark && config.watermark.kind !== 'text' ? decodeMarkImage(config.watermark.image) : null;
}

async function render(bitmap: ImageBitmap, mime: string, name: string, config: ImageConfig, maxSide: number): Promise<ProcessResult> {
  const plan = planOutput(name, mime, config);
  const full = outputSize(bitmap, config);
  const scale = Math.min(1, maxSide / Math.max(full.width, full.height));
  const canvas = renderPixels(bitmap, config, { scale, plan: plan.passthrough ? { ...plan, mime: 'image/png' } : plan, markImage: await markFor(config) });
  const bytes = await encodeCanvas(canvas, plan.passthrough ? { passthrough: false, mime: 'image/webp', quality: 0.92, ext: 'webp' } : plan, encoders);
  return { bytes, mime: plan.mime, width: full.width, height: full.height, exact: scale === 1 && !plan.passthrough };
}

const api = {
  /** Upright size and a small WebP thumbnail; rejects when the browser cannot decode the file. */
  async probe(source: ImageSource): Promise<ProbeResult> {
    const bitmap = await decodeSource(source);
    try {
      const scale = Math.min(1, THUMB_SIDE / Math.max(bitmap.width, bitmap.height));
      const canvas = new OffscreenCanvas(Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale)));
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('2D canvas unavailable');
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const thumb = await (await canvas.convertToBlob({ type: 'image/webp', quality: 0.8 })).arrayBuffer();
      return transfer({ width: bitmap.width, height: bitmap.height, thumb }, [thumb]);
    } finally {
      bitmap.close();
    }
  },

  /** Runs the enabled operations on one image at full size; the result's buffer is transferred out. */
  async process(source: ImageSource, name: string, config: ImageConfig): Promise<ProcessResult> {
    const bitmap = await decodeSource(source);
    try {
      const result = await render(bitmap, source.mime, name, config, Number.POSITIVE_INFINITY);
      return transfer(result, [result.bytes]);
    } finally {
      bitmap.close();
    }
  },

  /** Decodes the selected image once for the live preview. */
  async setPreviewSource(id: string, source: ImageSource): Promise<void> {
    if (previewSource?.id === id) return;
    previewSource?.bitmap.close();
    previewSource = null;
    previewSource = { id, bitmap: await decodeSource(source), mime: source.mime };
  },

  /**
   * The selected image with the current settings, at most `maxSide` pixels long, in the output
   * format and quality (so compression shows). width/height are the real output size.
   */
  async preview(id: string, name: string, config: ImageConfig, maxSide: number): Promise<ProcessResult | null> {
    if (previewSource?.id !== id) return null;
    const result = await render(previewSource.bitmap, previewSource.mime, name, config, maxSide);
    return transfer(result, [result.bytes]);
  },
};

expose(api);
export type ImageWorkerApi = typeof api;
