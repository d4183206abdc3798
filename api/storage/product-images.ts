/**
 * Product images (the publish-product page): what an upload is, decided by its bytes, never by
 * its name, and where images live in the file store. Each upload gets a store group of its own
 * (`pimg-…`), which the orphan sweeper leaves alone; a replaced image's group is deleted.
 */

export type ProductImageType = 'png' | 'jpg' | 'webp' | 'svg';

export const PRODUCT_IMAGE_MIME: Record<ProductImageType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** Store groups of product images start with this; conversion ids are UUIDs, so they never do. */
export const PRODUCT_IMAGE_GROUP_PREFIX = 'pimg-';
export const isProductImageGroup = (group: string) => group.startsWith(PRODUCT_IMAGE_GROUP_PREFIX);

/** The public path of a stored image, served by GET /api/v1/product-image/{group}/{file}. */
export const PRODUCT_IMAGE_PATH = '/api/v1/product-image/';
export const productImageUrl = (key: string) => `${PRODUCT_IMAGE_PATH}${key}`;
/** The store key behind a URL made by productImageUrl, or null for any other URL (the seeded `/icons/…`). */
export function productImageKey(url: string): string | null {
  return url.startsWith(PRODUCT_IMAGE_PATH) ? url.slice(PRODUCT_IMAGE_PATH.length) : null;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

export type ImageVerdict = { ok: true; type: ProductImageType } | { ok: false; reason: 'notImage' | 'svgActiveContent' };

/**
 * PNG, JPEG and WebP by their magic bytes; SVG when the bytes are UTF-8 text whose root element
 * is `<svg`. An SVG is refused, not rewritten, when it holds anything that could run or fetch:
 * scripts, event attributes, foreignObject and other embedding elements, a DOCTYPE or entities,
 * links other than to `#fragments` or inline `data:image/(png|jpeg|webp|gif)`, CSS imports or
 * `url()` to anything but a fragment, and character references that could hide any of these.
 * Served images also carry `Content-Security-Policy: default-src 'none'` (the API's), so even a
 * missed case could not run when the image is opened on its own.
 */
export function inspectProductImage(bytes: Uint8Array): ImageVerdict {
  if (startsWith(bytes, PNG)) return { ok: true, type: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ok: true, type: 'jpg' };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { ok: true, type: 'webp' };
  const text = utf8(bytes);
  if (text === null || !isSvgDocument(text)) return { ok: false, reason: 'notImage' };
  return svgIsInert(text) ? { ok: true, type: 'svg' } : { ok: false, reason: 'svgActiveContent' };
}

function utf8(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}

/** Past an XML declaration, comments and whitespace, the first element is `<svg`. */
function isSvgDocument(text: string): boolean {
  const rest = text.replace(/^\s*(<\?xml[^>]*\?>)?(\s*<!--[\s\S]*?-->)*\s*/i, '');
  return /^<svg[\s>/]/i.test(rest);
}

const ACTIVE_ELEMENTS = /<\s*([a-z0-9_-]+:)?(script|foreignobject|iframe|embed|object|handler|listener|audio|video|animation|set|animate|animatemotion|animatetransform)\b/i;
const EVENT_ATTRIBUTE = /[\s"'/]on[a-z]+\s*=/i;
const SAFE_ENTITY = /&(amp|lt|gt|quot|apos);/gi;
const HREF = /\b(?:xlink:)?href\s*=\s*("([^"]*)"|'([^']*)')/gi;
const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|webp|gif);base64,[a-z0-9+/=\s]*$/i;

function svgIsInert(text: string): boolean {
  if (/<!DOCTYPE|<!ENTITY|<\?xml-stylesheet/i.test(text)) return false;
  // Character references could spell `javascript:` or an event name past the checks below.
  if (/&/.test(text.replace(SAFE_ENTITY, ''))) return false;
  if (ACTIVE_ELEMENTS.test(text) || EVENT_ATTRIBUTE.test(text)) return false;
  if (/javascript:|vbscript:|@import/i.test(text)) return false;
  for (const m of text.matchAll(HREF)) {
    const target = (m[2] ?? m[3] ?? '').trim();
    if (!target.startsWith('#') && !SAFE_DATA_IMAGE.test(target)) return false;
  }
  for (const m of text.matchAll(/url\(\s*(['"]?)([^)'"]*)\1\s*\)/gi)) if (!m[2]!.trim().startsWith('#')) return false;
  return true;
}
