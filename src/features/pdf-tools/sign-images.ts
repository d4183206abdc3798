import { signatureFont } from './sign-fonts';
import { SIGNATURE_INK } from '../../lib/paper-colors';

/** A finished signature image: a PNG data URL and its size in pixels. */
export interface SignImage {
  image: string;
  width: number;
  height: number;
}

/** Ink colour for typed signatures: a dark blue, as from a pen. */
const INK = SIGNATURE_INK;
const PAD = 8;
/** Uploads are scaled to at most this many pixels wide: sharp in print, small enough for the options' 2 MB. */
const MAX_UPLOAD_SIDE = 1200;
/** At or above this in all three channels a pixel counts as paper when making white transparent. */
const PAPER = 225;

/** The canvas cut to its ink (any pixel not fully transparent) with a small margin; undefined when blank. */
export function trimToInk(canvas: HTMLCanvasElement): SignImage | undefined {
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  const { width, height } = canvas;
  const data = context.getImageData(0, 0, width, height).data;
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((data[(y * width + x) * 4 + 3] ?? 0) === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  if (right < 0) return undefined;
  const [x0, y0] = [Math.max(0, left - PAD), Math.max(0, top - PAD)];
  const [w, h] = [Math.min(width, right + PAD + 1) - x0, Math.min(height, bottom + PAD + 1) - y0];
  const out = document.createElement('canvas');
  out.width = w;
  out.height = h;
  out.getContext('2d')?.drawImage(canvas, x0, y0, w, h, 0, 0, w, h);
  return pngWithin(out);
}

/** A typed name drawn in the handwriting font, `px` high, on a transparent background. */
export async function typedSignature(text: string, px = 96): Promise<SignImage | undefined> {
  const name = text.trim();
  if (!name) return undefined;
  const family = await signatureFont(name, px);
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  const font = `${px}px ${family}`;
  context.font = font;
  // Scripts lean past their advance width: room on both sides, cut back by trimToInk.
  canvas.width = Math.ceil(context.measureText(name).width + px);
  canvas.height = Math.ceil(px * 1.8);
  context.font = font;
  context.fillStyle = INK;
  context.textBaseline = 'middle';
  context.fillText(name, px / 2, canvas.height / 2);
  return trimToInk(canvas);
}

/** A PNG or JPEG from the device as a PNG, scaled down when large; near-white pixels made transparent when asked. */
export async function uploadedSignature(file: File, whiteToTransparent: boolean): Promise<SignImage | undefined> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_UPLOAD_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  if (whiteToTransparent) {
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    const d = pixels.data;
    for (let i = 0; i < d.length; i += 4) {
      const lightest = Math.min(d[i] ?? 0, d[i + 1] ?? 0, d[i + 2] ?? 0);
      // A soft edge: paper goes fully clear, anti-aliased ink keeps part of its strength.
      if (lightest >= PAPER) d[i + 3] = Math.round(((d[i + 3] ?? 0) * (255 - lightest)) / (255 - PAPER) / 4);
    }
    context.putImageData(pixels, 0, 0);
  }
  return whiteToTransparent ? trimToInk(canvas) : pngWithin(canvas);
}

/** The options take a PNG of at most 2 MB as a data URL: a busy photo is scaled down until it fits. */
const MAX_DATA_URL = 1_900_000;

function pngWithin(canvas: HTMLCanvasElement): SignImage {
  let source = canvas;
  let image = source.toDataURL('image/png');
  while (image.length > MAX_DATA_URL && source.width > 50) {
    const smaller = document.createElement('canvas');
    smaller.width = Math.round(source.width * 0.7);
    smaller.height = Math.max(1, Math.round(source.height * 0.7));
    smaller.getContext('2d')?.drawImage(source, 0, 0, smaller.width, smaller.height);
    source = smaller;
    image = source.toDataURL('image/png');
  }
  return { image, width: source.width, height: source.height };
}

/** The pixel size of a stored data URL (the saved signature), for its proportions. */
export function imageSize(image: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => reject(new Error('The image cannot be read'));
    img.src = image;
  });
}
