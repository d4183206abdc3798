import { describe, expect, it } from 'vitest';
import { bicubicResize, psnrY, type Rgba } from './sr-metrics';

function picture(width: number, height: number, paint: (x: number, y: number) => [number, number, number]): Rgba {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

describe('super-resolution metrics', () => {
  it('keeps a flat picture flat both ways', () => {
    const flat = picture(16, 12, () => [90, 140, 200]);
    for (const [w, h] of [[8, 6], [32, 24], [16, 12]] as const) {
      const out = bicubicResize(flat, w, h);
      expect(out.data.every((v, i) => v === [90, 140, 200, 255][i % 4])).toBe(true);
    }
  });

  it('halves a linear ramp to the means of its pixel pairs, as imresize does', () => {
    const ramp = picture(32, 4, (x) => [x * 8, x * 8, x * 8]);
    const half = bicubicResize(ramp, 16, 2);
    // Away from the edges, pixel i of the half covers 2i and 2i+1: (16i + 8i + 8i + 8) / 2.
    for (let i = 2; i < 14; i++) expect(half.data[i * 4]).toBe(16 * i + 4);
  });

  it('scores identical pictures infinite, and closer pictures higher', () => {
    const a = picture(20, 20, (x, y) => [(x * 13) % 256, (y * 7) % 256, 128]);
    const near = picture(20, 20, (x, y) => [((x * 13) % 256) + 2, (y * 7) % 256, 128]);
    const far = picture(20, 20, (x, y) => [((x * 13) % 256) + 20, (y * 7) % 256, 128]);
    expect(psnrY(a, a, 2)).toBe(Number.POSITIVE_INFINITY);
    expect(psnrY(a, near, 2)).toBeGreaterThan(psnrY(a, far, 2));
  });

  it('takes the border out of the score', () => {
    const a = picture(10, 10, () => [100, 100, 100]);
    const edged = picture(10, 10, (x, y) => (x === 0 || y === 0 ? [0, 0, 0] : [100, 100, 100]));
    expect(psnrY(a, edged, 1)).toBe(Number.POSITIVE_INFINITY);
    expect(psnrY(a, edged, 0)).toBeLessThan(30);
  });
});
