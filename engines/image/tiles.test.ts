import { describe, expect, it } from 'vitest';
import { planBands, planTiles, upscaleFits } from './tiles';

describe('planTiles', () => {
  it('covers every pixel exactly once with cores, and reads padding inside the picture only', () => {
    const image = { width: 1000, height: 530 };
    const tiles = planTiles(image, 256, 16);
    expect(tiles).toHaveLength(4 * 3);
    const seen = new Uint8Array(image.width * image.height);
    for (const { core, read } of tiles) {
      for (let y = core.y; y < core.y + core.height; y++) for (let x = core.x; x < core.x + core.width; x++) seen[y * image.width + x]! += 1;
      expect(read.x).toBe(Math.max(0, core.x - 16));
      expect(read.y).toBe(Math.max(0, core.y - 16));
      expect(read.x + read.width).toBe(Math.min(image.width, core.x + core.width + 16));
      expect(read.y + read.height).toBe(Math.min(image.height, core.y + core.height + 16));
    }
    expect(seen.every((n) => n === 1)).toBe(true);
  });

  it('is one tile for a small picture', () => {
    expect(planTiles({ width: 100, height: 80 }, 512, 16)).toEqual([{ core: { x: 0, y: 0, width: 100, height: 80 }, read: { x: 0, y: 0, width: 100, height: 80 } }]);
  });

  it('refuses outputs past the pixel budget', () => {
    expect(upscaleFits({ width: 4000, height: 3000 }, 2)).toBe(true);
    expect(upscaleFits({ width: 4000, height: 3000 }, 4)).toBe(false);
  });
});

describe('planBands', () => {
  it('cuts full-width bands of about the same height that cover every row once, with padding rows inside the picture', () => {
    const image = { width: 640, height: 515 };
    const bands = planBands(image, 3, 12, 64);
    expect(bands).toHaveLength(3);
    let next = 0;
    for (const { core, read } of bands) {
      expect(core.y).toBe(next);
      next = core.y + core.height;
      expect([core.x, core.width, read.x, read.width]).toEqual([0, 640, 0, 640]);
      expect(Math.abs(core.height - 515 / 3)).toBeLessThan(1);
      expect(read.y).toBe(Math.max(0, core.y - 12));
      expect(read.y + read.height).toBe(Math.min(515, core.y + core.height + 12));
    }
    expect(next).toBe(515);
  });

  it('gives a short picture fewer bands, and never none', () => {
    expect(planBands({ width: 300, height: 150 }, 4, 12, 64)).toHaveLength(2);
    expect(planBands({ width: 300, height: 40 }, 4, 12, 64)).toEqual([{ core: { x: 0, y: 0, width: 300, height: 40 }, read: { x: 0, y: 0, width: 300, height: 40 } }]);
    expect(planBands({ width: 300, height: 900 }, 1, 12, 64)).toHaveLength(1);
  });
});
