import type { HeifDecoder } from './heif-decode.js';
import type { ImageSource } from './types.js';

/** Types the browser does not decode (except Safari) and libheif does, in the worker. */
export const HEIF_MIMES = new Set(['image/heic', 'image/heif']);

/**
 * Decodes a source with its EXIF orientation applied, so width and height are the upright ones.
 * A bitmap the page rasterised (SVG, which workers cannot decode) is used as it is; HEIC/HEIF goes
 * through `heif` (libheif turns it upright).
 */
export async function decodeSource(source: ImageSource, heif?: HeifDecoder): Promise<ImageBitmap> {
  if (source.kind === 'bitmap') return source.bitmap;
  if (heif && HEIF_MIMES.has(source.mime)) {
    const pixels = await heif(new Uint8Array(await source.blob.arrayBuffer()));
    return createImageBitmap(new ImageData(pixels.data as Uint8ClampedArray<ArrayBuffer>, pixels.width, pixels.height));
  }
  // A relabelled slice shares the file's data: no copy.
  const blob = source.blob.type === source.mime ? source.blob : source.blob.slice(0, source.blob.size, source.mime);
  return createImageBitmap(blob, { imageOrientation: 'from-image' });
}

/**
 * A `data:` URL as a Blob, decoded here rather than fetched: the app's Content-Security-Policy
 * (connect-src 'self') forbids fetching data: URLs.
 */
export function dataUrlToBlob(url: string): Blob {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(url);
  if (!match) throw new Error('not a data URL');
  const [, mime = '', base64, payload = ''] = match;
  if (!base64) return new Blob([decodeURIComponent(payload)], { type: mime });
  const binary = atob(payload);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: mime });
}

let markCache: { url: string; bitmap: ImageBitmap } | null = null;

/** The image watermark (a data URL from the settings), decoded once per worker and reused. */
export async function decodeMarkImage(url: string | null): Promise<ImageBitmap | null> {
  if (!url) return null;
  if (markCache?.url === url) return markCache.bitmap;
  const bitmap = await createImageBitmap(dataUrlToBlob(url));
  markCache?.bitmap.close();
  markCache = { url, bitmap };
  return bitmap;
}
