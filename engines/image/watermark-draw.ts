import type { ImageConfig } from './types.js';
import type { Size } from './crop-box.js';
import { layoutMarks } from './watermark-layout.js';

type Context = OffscreenCanvasRenderingContext2D;

/**
 * Fonts that carry Chinese on each platform, before the generic family, so a Chinese watermark
 * never falls back to boxes (Noto/Source Han on Linux and Android, PingFang on Apple, YaHei on
 * Windows).
 */
export const CJK_FONT_STACK =
  '"Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei", "Heiti SC", sans-serif';

/** An image mark is drawn this many times the text size tall. */
export const IMAGE_MARK_SCALE = 4;

let spriteCache: { key: string; canvas: OffscreenCanvas } | null = null;

/** One mark drawn once (and kept for the next image of the batch), then stamped wherever the layout says. */
function textSprite(text: string, fontSize: number): OffscreenCanvas | null {
  const size = Math.max(1, Math.round(fontSize));
  const key = `${size}\u0000${text}`;
  if (spriteCache?.key === key) return spriteCache.canvas;
  const canvas = drawTextSprite(text, size);
  spriteCache = canvas ? { key, canvas } : null;
  return canvas;
}

function drawTextSprite(text: string, size: number): OffscreenCanvas | null {
  const font = `600 ${size}px ${CJK_FONT_STACK}`;
  const probe = new OffscreenCanvas(1, 1).getContext('2d');
  if (!probe) return null;
  probe.font = font;
  const outline = Math.max(1, Math.round(size / 10));
  const width = Math.ceil(probe.measureText(text).width) + outline * 2;
  const height = Math.ceil(size * 1.3) + outline * 2;
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.font = font;
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  // A dark outline under white text keeps the mark readable on light and dark pictures alike.
  ctx.lineWidth = outline;
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.55)';
  ctx.strokeText(text, outline, height / 2);
  ctx.fillStyle = '#ffffff';
  ctx.fillText(text, outline, height / 2);
  return canvas;
}

function imageSprite(image: ImageBitmap, fontSize: number): { source: ImageBitmap; size: Size } {
  const height = Math.max(1, Math.round(fontSize * IMAGE_MARK_SCALE));
  return { source: image, size: { width: Math.max(1, Math.round((image.width / image.height) * height)), height } };
}

/** A logo with the text beside it, vertically centred, as one mark (bulk watermark "both"). */
function combinedSprite(image: ImageBitmap, text: OffscreenCanvas | null, fontSize: number): { source: CanvasImageSource; size: Size } {
  const logo = imageSprite(image, fontSize);
  if (!text) return logo;
  const gap = Math.round(fontSize / 2);
  const width = logo.size.width + gap + text.width;
  const height = Math.max(logo.size.height, text.height);
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) return logo;
  ctx.drawImage(image, 0, (height - logo.size.height) / 2, logo.size.width, logo.size.height);
  ctx.drawImage(text, logo.size.width + gap, (height - text.height) / 2);
  return { source: canvas, size: { width, height } };
}

/** Draws the watermark (text, image or both, one or tiled) over the whole canvas; sizes scaled by `scale`. */
export function drawWatermark(ctx: Context, canvas: Size, mark: ImageConfig['watermark'], image: ImageBitmap | null, scale: number): void {
  const alpha = Math.min(100, Math.max(0, mark.opacity)) / 100;
  if (alpha === 0) return;
  let source: CanvasImageSource | null = null;
  let size: Size = { width: 0, height: 0 };
  if (mark.kind === 'both' && image) {
    ({ source, size } = combinedSprite(image, mark.text.trim() ? textSprite(mark.text, mark.fontSize * scale) : null, mark.fontSize * scale));
  } else if (mark.kind === 'image' && image) {
    ({ source, size } = imageSprite(image, mark.fontSize * scale));
  } else if (mark.kind !== 'image' && mark.text.trim()) {
    const sprite = textSprite(mark.text, mark.fontSize * scale);
    if (sprite) ({ source, size } = { source: sprite, size: { width: sprite.width, height: sprite.height } });
  }
  if (!source) return;
  const boxes = layoutMarks(canvas, size, {
    type: mark.type,
    place: mark.place,
    horizontal: mark.horizontalSpacing * scale,
    vertical: mark.verticalSpacing * scale,
  });
  ctx.save();
  ctx.globalAlpha = alpha;
  for (const box of boxes) ctx.drawImage(source, box.x, box.y, box.width, box.height);
  ctx.restore();
}
