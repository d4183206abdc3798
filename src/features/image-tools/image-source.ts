import type { ImageSource } from '@engines/image/types';

/** Size for an SVG that declares none (only a viewBox, or nothing). */
const SVG_FALLBACK_SIDE = 1024;

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.decoding = 'async';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image failed to load'));
    img.src = url;
  });
}

/**
 * Workers cannot decode SVG (it needs a document), so the page rasterises it once, at its own
 * size, and hands the worker the bitmap.
 */
async function rasteriseSvg(file: File): Promise<ImageBitmap> {
  const url = URL.createObjectURL(file);
  try {
    const img = await loadImage(url);
    const natural = img.naturalWidth > 0 && img.naturalHeight > 0;
    const aspect = natural ? img.naturalWidth / img.naturalHeight : 1;
    const width = natural ? img.naturalWidth : SVG_FALLBACK_SIDE;
    const height = natural ? img.naturalHeight : Math.round(SVG_FALLBACK_SIDE / aspect);
    return await createImageBitmap(img, { resizeWidth: width, resizeHeight: height });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** What a worker gets for one file: the file itself, or for SVG a bitmap (transferred). */
export async function toImageSource(file: File, mime: string): Promise<ImageSource> {
  if (mime === 'image/svg+xml') return { kind: 'bitmap', bitmap: await rasteriseSvg(file), mime };
  return { kind: 'blob', blob: file, mime };
}
