import { DEFAULT_IMAGE_CONFIG } from '@engines/image/defaults';
import { CROP_RATIOS, OUTPUT_FORMATS, PLACES, type ImageConfig } from '@engines/image/types';

/** Name of the persisted image configuration (stored under the build's prefix, see lib/storage). */
export const CONFIG_STORAGE_KEY = 'imageTools.config';

/** Values (by path) that must be one of a list: anything else falls back to the default. */
const CHOICES: Record<string, readonly unknown[]> = {
  format: OUTPUT_FORMATS,
  'crop.ratio': CROP_RATIOS,
  'watermark.place': PLACES,
  'watermark.kind': ['text', 'image', 'both'],
};

function merge(defaults: unknown, stored: unknown, key: string): unknown {
  if (defaults !== null && typeof defaults === 'object') {
    const source = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
    return Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, merge(v, source[k], key ? `${key}.${k}` : k)]));
  }
  if (key === 'watermark.image') return typeof stored === 'string' && stored.startsWith('data:image/') ? stored : null;
  if (typeof stored !== typeof defaults) return defaults;
  if (typeof stored === 'number' && !Number.isFinite(stored)) return defaults;
  const choices = CHOICES[key];
  return choices && !choices.includes(stored) ? defaults : stored;
}

/**
 * A stored configuration made safe: every field present and of the right kind (older versions,
 * hand edits and other tabs may leave partial or odd values), unknown fields dropped.
 */
export function normalizeConfig(stored: unknown): ImageConfig {
  return merge(DEFAULT_IMAGE_CONFIG, stored, '') as ImageConfig;
}
