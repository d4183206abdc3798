import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_CONFIG } from '@engines/image/defaults';
import { normalizeConfig } from './config-storage';

describe('image config', () => {
  it('has exactly the spec §3 defaults', () => {
    const { format, jpegQuality, webpQuality, border, rename, crop, watermark } = DEFAULT_IMAGE_CONFIG;
    expect({ format, jpegQuality, webpQuality }).toEqual({ format: 'original', jpegQuality: 80, webpQuality: 70 });
    expect(border).toEqual({ color: '#2f78f7', width: 2 });
    expect({ value: rename.value, index: rename.index }).toEqual({ value: 1, index: 0 });
    expect(crop).toEqual({ width: 512, height: 512, ratio: '1:1', type: 1 });
    expect(watermark).toMatchObject({ fontSize: 16, opacity: 100, verticalSpacing: 80, horizontalSpacing: 100, text: '', type: 1, place: 'leftBottom' });
  });

  it('fills missing fields from the defaults and keeps valid stored ones', () => {
    const config = normalizeConfig({ format: 'webp', crop: { width: 800 }, watermark: { text: '水印' } });
    expect(config.format).toBe('webp');
    expect(config.crop).toEqual({ width: 800, height: 512, ratio: '1:1', type: 1 });
    expect(config.watermark.text).toBe('水印');
    expect(config.enabled).toEqual(DEFAULT_IMAGE_CONFIG.enabled);
  });

  it('keeps a complete stored config as it is (switches included)', () => {
    const full = {
      ...DEFAULT_IMAGE_CONFIG,
      enabled: { crop: true, format: true, rename: true, watermark: true, border: true },
      format: 'webp',
      crop: { width: 1920, height: 1080, ratio: '16:9', type: 9 },
      watermark: { ...DEFAULT_IMAGE_CONFIG.watermark, kind: 'image', image: 'data:image/png;base64,AAAA', type: 2, place: 'center' },
    };
    expect(normalizeConfig(JSON.parse(JSON.stringify(full)))).toEqual(full);
  });

  it('drops wrong kinds, unknown choices and junk', () => {
    const config = normalizeConfig({ format: 'gif', jpegQuality: '90', crop: { ratio: '2:1', width: Number.NaN }, watermark: { place: 'nowhere', image: 'javascript:x' }, extra: 1 });
    expect(config.format).toBe('original');
    expect(config.jpegQuality).toBe(80);
    expect(config.crop).toEqual(DEFAULT_IMAGE_CONFIG.crop);
    expect(config.watermark.place).toBe('leftBottom');
    expect(config.watermark.image).toBeNull();
    expect(config).not.toHaveProperty('extra');
    expect(normalizeConfig('garbage')).toEqual(DEFAULT_IMAGE_CONFIG);
    expect(normalizeConfig(null)).toEqual(DEFAULT_IMAGE_CONFIG);
  });
});
