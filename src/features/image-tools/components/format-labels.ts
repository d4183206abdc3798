import type { TFunction } from 'i18next';
import { formatBytes } from '../format';

/** Names of image types as users know them. */
export const FORMAT_LABELS: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'image/bmp': 'BMP',
  'image/svg+xml': 'SVG',
  'image/tiff': 'TIFF',
  'image/avif': 'AVIF',
  'image/jxl': 'JPEG XL',
  'image/heic': 'HEIC',
  'image/heif': 'HEIF',
};

/** "1600 × 1200 px · JPEG · 164 KB": a rendered result as the preview and the compare view show it. */
export function describeOutput(t: TFunction, locale: string, out: { width: number; height: number; mime: string; bytes: number | null }): string {
  const line = t('imageTools.preview.output', { width: out.width, height: out.height, format: FORMAT_LABELS[out.mime] ?? out.mime });
  return out.bytes === null ? line : `${line} · ${formatBytes(out.bytes, locale)}`;
}
