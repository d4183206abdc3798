import { expose, transfer } from 'comlink';
import { loadAvifWasm, loadHeifWasm, loadJxlWasm, loadMozJpegWasm } from '@engines/image/codec-wasm.js';
import { decodeMarkImage, decodeSource, HEIF_MIMES } from '@engines/image/decode.js';
import { cleanExif, insertExif, readExif } from '@engines/image/exif.js';
import { createHeifDecoder } from '@engines/image/heif-decode.js';
import { planOutput } from '@engines/image/output-format.js';
import { encodeCanvas, outputSize, renderPixels, type CanvasEncoders } from '@engines/image/render.js';
import { fitToSize } from '@engines/image/size-search.js';
import { createAvifEncoder, createJxlEncoder, createMozJpegEncoder } from '@engines/image/wasm-encoders.js';
import { createWebpEncoder } from '@engines/image/webp-encode.js';
import { loadWebpWasm } from '@engines/image/webp-wasm.js';
import type { ImageConfig, ImageSource, ProbeResult, ProcessResult } from '@engines/image/types.js';

// Each codec's code and wasm load the first time an image needs it.
const encoders: CanvasEncoders = {
  'image/webp': createWebpEncoder(loadWebpWasm),
  'image/jpeg': createMozJpegEncoder(loadMozJpegWasm),
  'image/avif': createAvifEncoder(loadAvifWasm),
  'image/jxl': createJxlEncoder(loadJxlWasm),
};
const heif = createHeifDecoder(loadHeifWasm);
const decode = (source: ImageSource) => decodeSource(source, heif);

/** Longest side of the grid thumbnails (2x a 160 px cell). */
const THUMB_SIDE = 320;

/** The sources whose EXIF we can read: JPEG's APP1 segment and HEIF's Exif item. */
const EXIF_SOURCES = new Set(['image/jpeg', ...HEIF_MIMES]);

interface Decoded {
  id: string;
  bitmap: ImageBitmap;
  mime: string;
  /** The source's EXIF block, read only when a render asked to keep it (null: it has none). */
  exif?: Uint8Array | null;
  blob: Blob | null;
}

/** The selected image stays decoded here, so each settings change only re-renders. */
let previewSource: Decoded | null = null;

async function markFor(config: ImageConfig): Promise<ImageBitmap | null> {
  return config.enabled.watermark && config.watermark.kind !== 'text' ? decodeMarkImage(config.watermark.image) : null;
}

async function exifFor(source: Decoded): Promise<Uint8Array | null> {
  if (source.exif !== undefined) return source.exif;
  source.exif = source.blob && EXIF_SOURCES.has(source.mime) ? readExif(new Uint8Array(await source.blob.arrayBuffer())) : null;
  return source.exif;
}

async function render(source: Decoded, name: string, config: ImageConfig, maxSide: number): Promise<ProcessResult> {
  const { bitmap } = source;
  const plan = planOutput(name, source.mime, config);
  const full = outputSize(bitmap, config);
  const scale = Math.min(1, maxSide / Math.max(full.width, full.height));
  const markImage = await markFor(config);
  if (plan.passthrough) {
    const canvas = renderPixels(bitmap, config, { scale, plan: { ...plan, mime: 'image/png' }, markImage });
    const bytes = await encodeCanvas(canvas, { passthrough: false, mime: 'image/webp', quality: 0.92, ext: 'webp' }, encoders);
    return { bytes, mime: plan.mime, width: full.width, height: full.height, exact: false };
  }
  const exif = config.keepExif && plan.mime === 'image/jpeg' ? await exifFor(source) : null;
  const block = exif ? cleanExif(exif, { removeGps: config.removeGps }) : null;
  let exifKept = false;
  /** One real encode, EXIF included, so the size limit counts it. */
  const encodeAt = async (quality: number | undefined, at: number): Promise<ArrayBuffer> => {
    const canvas = renderPixels(bitmap, config, { scale: at, plan, markImage });
    const bytes = await encodeCanvas(canvas, { ...plan, ...(quality === undefined ? {} : { quality: quality / 100 }) }, encoders);
    const withExif = block ? insertExif(new Uint8Array(bytes), block) : null;
    exifKept = withExif !== null;
    return withExif ? (withExif.buffer as ArrayBuffer) : bytes;
  };
  const quality = plan.quality === undefined ? undefined : Math.round(plan.quality * 100);
  const limited = config.enabled.format && config.sizeLimit.on && scale === 1;
  let result: ProcessResult;
  if (limited) {
    const fit = await fitToSize({ limitBytes: Math.max(1, config.sizeLimit.kb) * 1024, quality, longestSide: Math.max(full.width, full.height), encode: encodeAt });
    const size = { width: Math.max(1, Math.round(full.width * fit.scale)), height: Math.max(1, Math.round(full.height * fit.scale)) };
    result = { bytes: fit.bytes, mime: plan.mime, ...size, exact: true, fit: { ...(fit.quality === undefined ? {} : { quality: fit.quality }), scale: fit.scale, fits: fit.fits } };
  } else {
    result = { bytes: await encodeAt(quality, scale), mime: plan.mime, width: full.width, height: full.height, exact: scale === 1 };
  }
  return { ...result, exifKept };
}

/** Browsers do not show JPEG XL: the preview shows a WebP of the same pixels and gives the real size. */
async function displayable(result: ProcessResult, source: Decoded, config: ImageConfig, maxSide: number): Promise<ProcessResult> {
  if (result.mime !== 'image/jxl') return result;
  const full = outputSize(source.bitmap, config);
  const scale = Math.min(1, maxSide / Math.max(result.width, result.height)) * (result.width / full.width);
  const plan = { passthrough: false, mime: 'image/webp', quality: 0.92, ext: 'webp' };
  const bytes = await encodeCanvas(renderPixels(source.bitmap, config, { scale, plan, markImage: await markFor(config) }), plan, encoders);
  return { ...result, bytes, displayMime: 'image/webp', size: result.bytes.byteLength };
}

const api = {
  /** Upright size and a small WebP thumbnail; rejects when the browser cannot decode the file. */
  async probe(source: ImageSource): Promise<ProbeResult> {
    const bitmap = await decode(source);
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
    const bitmap = await decode(source);
    try {
      const result = await render({ id: '', bitmap, mime: source.mime, blob: source.kind === 'blob' ? source.blob : null }, name, config, Number.POSITIVE_INFINITY);
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
    previewSource = { id, bitmap: await decode(source), mime: source.mime, blob: source.kind === 'blob' ? source.blob : null };
  },

  /**
   * The selected image with the current settings, at most `maxSide` pixels long, in the output
   * format and quality (so compression shows). width/height are the real output size.
   */
  async preview(id: string, name: string, config: ImageConfig, maxSide: number): Promise<ProcessResult | null> {
    if (previewSource?.id !== id) return null;
    const result = await displayable(await render(previewSource, name, config, maxSide), previewSource, config, maxSide);
    return transfer(result, [result.bytes]);
  },
};

expose(api);
export type ImageWorkerApi = typeof api;
