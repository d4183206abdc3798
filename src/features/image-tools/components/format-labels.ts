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
