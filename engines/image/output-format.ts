import type { ImageConfig } from './types.js';

/** The formats we write: the canvas's three, and AVIF and JPEG XL through their wasm encoders. */
const ENCODABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/jxl']);

const CANONICAL_EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'avif', 'image/jxl': 'jxl' };

/** HEIC/HEIF photographs kept in their 'original' format become JPEG: PNG would be several times larger. */
const HEIF_TYPES = new Set(['image/heic', 'image/heif']);

/** Extensions that already name each type, so 'photo.JPEG' stays '.jpeg' when it stays JPEG. */
const EXTS_OF: Record<string, string[]> = { 'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'], 'image/png': ['png'], 'image/webp': ['webp'], 'image/avif': ['avif'], 'image/jxl': ['jxl'] };

export interface OutputPlan {
  /** True when no pixel changes are asked for: the original bytes are saved as they are. */
  passthrough: boolean;
  mime: string;
  /** 0..1 for lossy formats. */
  quality?: number;
  /** Lower-case extension without the dot. */
  ext: string;
}

export function extensionOf(name: string): string {
  const match = /\.([^./\\]+)$/.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}

/** True when any enabled operation changes pixels (or the encoding). */
export function changesPixels(config: ImageConfig): boolean {
  const { enabled, watermark } = config;
  const hasText = watermark.kind !== 'image' && watermark.text.trim() !== '';
  const hasImage = watermark.kind !== 'text' && watermark.image !== null;
  const hasMark = hasText || hasImage;
  return (
    enabled.crop ||
    (enabled.format && (config.format !== 'original' || config.sizeLimit.on)) ||
    (enabled.watermark && hasMark && watermark.opacity > 0) ||
    (enabled.border && config.border.width > 0)
  );
}

function quality(config: ImageConfig, mime: string): number | undefined {
  if (mime === 'image/jpeg') return Math.min(100, Math.max(0, config.jpegQuality)) / 100;
  if (mime === 'image/webp') return Math.min(100, Math.max(0, config.webpQuality)) / 100;
  if (mime === 'image/avif') return Math.min(100, Math.max(0, config.avifQuality)) / 100;
  if (mime === 'image/jxl') return Math.min(100, Math.max(0, config.jxlQuality)) / 100;
  return undefined;
}

/**
 * What one file becomes: its type, quality and extension. 'original' keeps the source type where
 * the browser can write it, and falls back to PNG (lossless) for GIF, BMP, SVG and TIFF.
 */
export function planOutput(sourceName: string, sourceMime: string, config: ImageConfig): OutputPlan {
  const sourceExt = extensionOf(sourceName);
  if (!changesPixels(config)) return { passthrough: true, mime: sourceMime, ext: sourceExt || 'img' };
  const wanted = config.enabled.format && config.format !== 'original' ? `image/${config.format}` : sourceMime;
  const mime = ENCODABLE.has(wanted) ? wanted : HEIF_TYPES.has(wanted) ? 'image/jpeg' : 'image/png';
  const ext = EXTS_OF[mime]?.includes(sourceExt) ? sourceExt : CANONICAL_EXT[mime]!;
  const q = quality(config, mime);
  return { passthrough: false, mime, ext, ...(q === undefined ? {} : { quality: q }) };
}
