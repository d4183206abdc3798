/**
 * Extensions the tool takes (spec §2); TIFF and AVIF only where the browser decodes them, which a
 * probe tells. HEIC/HEIF are decoded by libheif in the worker, in every browser.
 */
export const ACCEPTED_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp', 'svg', 'tiff', 'tif', 'heic', 'heif', 'avif'] as const;

const MIME_BY_EXT: Record<string, string> = {
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  tiff: 'image/tiff',
  tif: 'image/tiff',
  heic: 'image/heic',
  heif: 'image/heif',
  avif: 'image/avif',
};

/** For the file picker's accept attribute. */
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`), ...new Set(Object.values(MIME_BY_EXT))].join(',');

function extension(name: string): string {
  return /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
}

/**
 * The image type of a file we accept, from its extension (folders and some systems give no or a
 * generic type); null for anything else, which is refused by name.
 */
export function acceptedMime(file: { name: string; type: string }): string | null {
  const byExt = MIME_BY_EXT[extension(file.name)];
  if (byExt) return byExt;
  return Object.values(MIME_BY_EXT).includes(file.type) ? file.type : null;
}
