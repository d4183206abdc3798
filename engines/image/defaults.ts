import type { ImageConfig } from './types.js';

/**
 * Spec §3's image config, exactly: format original, jpegQuality 80, webpQuality 70; border
 * #2f78f7 width 2; rename value 1 index 0; crop 512 x 512, 1:1, type 1; watermark fontSize 16,
 * opacity 100, verticalSpacing 80, horizontalSpacing 100, empty text, type 1, place leftBottom.
 * Every operation starts switched off, so adding files and saving changes nothing by surprise.
 */
export const DEFAULT_IMAGE_CONFIG: ImageConfig = {
  enabled: { crop: false, format: false, rename: false, watermark: false, border: false },
  format: 'original',
  jpegQuality: 80,
  webpQuality: 70,
  avifQuality: 50,
  jxlQuality: 75,
  keepExif: false,
  removeGps: true,
  sizeLimit: { on: false, kb: 200 },
  border: { color: '#2f78f7', width: 2 },
  rename: { pattern: '{name}-{n}', value: 1, index: 0 },
  crop: { width: 512, height: 512, ratio: '1:1', type: 1 },
  watermark: {
    kind: 'text',
    text: '',
    image: null,
    fontSize: 16,
    opacity: 100,
    verticalSpacing: 80,
    horizontalSpacing: 100,
    type: 1,
    place: 'leftBottom',
  },
};
