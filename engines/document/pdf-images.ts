import type { PDFPageProxy } from 'pdfjs-dist';
import type { ImagePlacement } from './pdf-graphics';
import { encodePng, type RawImage } from './pdf-png';

/** The decoded image pdf.js hands over: raw pixels, or an ImageBitmap in some browsers. */
interface PdfImageObject {
  width?: number;
  height?: number;
  /** pdf.js ImageKind: 1 = 1 bit grey, 2 = RGB, 3 = RGBA. */
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
  bitmap?: ImageBitmap;
}

export interface PngImage {
  png: Uint8Array;
  /** Pixel size of the encoded image. */
  width: number;
  height: number;
}

/** Larger images are not worth the memory of a second copy in the output document. */
const MAX_PIXELS = 16_000_000;

function objectFor(page: PDFPageProxy, placement: ImagePlacement): Promise<PdfImageObject | null> {
  if (placement.inline) return Promise.resolve(placement.inline as PdfImageObject);
  const pool = placement.objId.startsWith('g_') ? page.commonObjs : page.objs;
  return new Promise((resolve) => {
    // An object that never arrives must not hang the conversion.
    setTimeout(() => resolve(null), 5000);
    try {
      if (pool.has(placement.objId)) resolve(pool.get(placement.objId) as PdfImageObject);
      else pool.get(placement.objId, (value: unknown) => resolve(value as PdfImageObject));
    } catch {
      resolve(null);
    }
  });
}

function unpackOneBit(width: number, height: number, data: Uint8Array | Uint8ClampedArray): Uint8Array {
  const out = new Uint8Array(width * height);
  const rowBytes = (width + 7) >> 3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const byte = data[y * rowBytes + (x >> 3)] ?? 0xff;
      out[y * width + x] = byte & (0x80 >> (x & 7)) ? 255 : 0;
    }
  }
  return out;
}

function bitmapPixels(bitmap: ImageBitmap): RawImage | null {
  if (typeof OffscreenCanvas === 'undefined') return null;
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.drawImage(bitmap, 0, 0);
  const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
  return { width: bitmap.width, height: bitmap.height, channels: 4, data: new Uint8Array(data.buffer) };
}

function rawPixels(image: PdfImageObject): RawImage | null {
  if (image.bitmap) return bitmapPixels(image.bitmap);
  const { width, height, kind, data } = image;
  if (!width || !height || !data || width * height > MAX_PIXELS) return null;
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (kind === 1) return { width, height, channels: 1, data: unpackOneBit(width, height, bytes) };
  if (kind === 2 && bytes.length >= width * height * 3) return { width, height, channels: 3, data: bytes };
  if (kind === 3 && bytes.length >= width * height * 4) return { width, height, channels: 4, data: bytes };
  return null;
}

/** The image painted at `placement`, as PNG bytes, or null when pdf.js could not decode it. */
export async function extractImagePng(page: PDFPageProxy, placement: ImagePlacement): Promise<PngImage | null> {
  const object = await objectFor(page, placement);
  const raw = object ? rawPixels(object) : null;
  if (!raw) return null;
  return { png: await encodePng(raw), width: raw.width, height: raw.height };
}
