import { describe, expect, it } from 'vitest';
import { CROP_RATIOS, CROP_TYPES, PLACES } from './types';
import { anchorFractions, cropBox, cropOutputSize, cropPlace, heightForWidth, MAX_SIDE, widthForHeight } from './crop-box';

describe('cropOutputSize', () => {
  it('derives the height from the width for every preset ratio', () => {
    const sizes = CROP_RATIOS.map((ratio) => [ratio, cropOutputSize({ width: 1920, height: 7, ratio })]);
    expect(sizes).toEqual([
      ['1:1', { width: 1920, height: 1920 }],
      ['4:3', { width: 1920, height: 1440 }],
      ['3:4', { width: 1920, height: 2560 }],
      ['16:9', { width: 1920, height: 1080 }],
      ['9:16', { width: 1920, height: 3413 }],
      ['free', { width: 1920, height: 7 }],
    ]);
  });

  it('uses the spec default 512 x 512 at 1:1', () => {
    expect(cropOutputSize({ width: 512, height: 512, ratio: '1:1' })).toEqual({ width: 512, height: 512 });
  });

  it('clamps nonsense to 1..MAX_SIDE', () => {
    expect(cropOutputSize({ width: 0, height: -5, ratio: 'free' })).toEqual({ width: 1, height: 1 });
    expect(cropOutputSize({ width: Number.NaN, height: 1e9, ratio: 'free' })).toEqual({ width: 1, height: MAX_SIDE });
  });

  it('links width and height under a ratio, and not under free', () => {
    expect(heightForWidth(800, '4:3')).toBe(600);
    expect(widthForHeight(900, '16:9')).toBe(1600);
    expect(heightForWidth(800, 'free')).toBeNull();
    expect(widthForHeight(800, 'free')).toBeNull();
  });
});

describe('cropPlace', () => {
  it('maps type 1 to centred and every type to a distinct anchor', () => {
    expect(cropPlace(1)).toBe('center');
    expect(new Set(Object.values(CROP_TYPES)).size).toBe(PLACES.length);
    expect(cropPlace(42)).toBe('center');
  });
});

describe('cropBox', () => {
  const landscape = { width: 4000, height: 3000 };
  const portrait = { width: 3000, height: 4000 };

  it('keeps the largest box of each ratio, centred', () => {
    const boxes = CROP_RATIOS.filter((r) => r !== 'free').map((ratio) => cropBox(landscape, cropOutputSize({ width: 1200, height: 0, ratio }), 'center'));
    expect(boxes).toEqual([
      { x: 500, y: 0, width: 3000, height: 3000 },
      { x: 0, y: 0, width: 4000, height: 3000 },
      { x: 875, y: 0, width: 2250, height: 3000 },
      { x: 0, y: 375, width: 4000, height: 2250 },
      { x: 1156, y: 0, width: 1688, height: 3000 },
    ]);
  });

  it('uses the typed aspect for free', () => {
    expect(cropBox(landscape, { width: 1000, height: 250 }, 'center')).toEqual({ x: 0, y: 1000, width: 4000, height: 1000 });
  });

  it('pushes the box to each of the nine positions (landscape source, square box)', () => {
    const out = { width: 512, height: 512 };
    const xs = PLACES.map((place) => cropBox(landscape, out, place).x);
    expect(xs).toEqual([0, 500, 1000, 0, 500, 1000, 0, 500, 1000]);
    expect(PLACES.map((place) => cropBox(landscape, out, place).y)).toEqual(PLACES.map(() => 0));
  });

  it('pushes the box to each of the nine positions (portrait source, square box)', () => {
    const out = { width: 512, height: 512 };
    expect(PLACES.map((place) => cropBox(portrait, out, place).y)).toEqual([0, 0, 0, 500, 500, 500, 1000, 1000, 1000]);
    expect(PLACES.map((place) => cropBox(portrait, out, place).x)).toEqual(PLACES.map(() => 0));
  });

  it('moves on both axes when the box is smaller both ways (16:9 box, 4:3 source, bottom right)', () => {
    expect(cropBox(landscape, { width: 1600, height: 900 }, 'rightBottom')).toEqual({ x: 0, y: 750, width: 4000, height: 2250 });
    expect(anchorFractions('rightBottom')).toEqual({ fx: 1, fy: 1 });
    expect(anchorFractions('leftTop')).toEqual({ fx: 0, fy: 0 });
    expect(anchorFractions('center')).toEqual({ fx: 0.5, fy: 0.5 });
  });

  it('never returns an empty box or one outside the source', () => {
    for (const source of [{ width: 1, height: 1 }, { width: 3, height: 2000 }, { width: 2000, height: 3 }]) {
      for (const ratio of CROP_RATIOS) {
        const box = cropBox(source, cropOutputSize({ width: 300, height: 100, ratio }), 'rightBottom');
        expect(box.width).toBeGreaterThanOrEqual(1);
        expect(box.height).toBeGreaterThanOrEqual(1);
        expect(box.x + box.width).toBeLessThanOrEqual(source.width);
        expect(box.y + box.height).toBeLessThanOrEqual(source.height);
      }
    }
  });
});
