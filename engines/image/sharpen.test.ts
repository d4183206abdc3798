import { describe, expect, it } from 'vitest';
import { psnr, unsharpMask, type Pixels } from './sharpen';

function image(width: number, height: number, value: (x: number, y: number) => number, alpha = 255): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = value(x, y);
      data[i + 3] = alpha;
    }
  }
  return { data, width, height };
}

describe('unsharpMask', () => {
  it('leaves a flat picture and its alpha unchanged', () => {
    const flat = image(32, 24, () => 120, 200);
    expect([...unsharpMask(flat)]).toEqual([...flat.data]);
  });

  it('steepens an edge: darker before it, brighter after it, far pixels untouched', () => {
    const edge = image(40, 8, (x) => (x < 20 ? 80 : 160));
    const out = unsharpMask(edge, { amount: 1, radius: 1.5, threshold: 0 });
    const at = (x: number) => out[(4 * 40 + x) * 4]!;
    expect(at(19)).toBeLessThan(80);
    expect(at(20)).toBeGreaterThan(160);
    expect(at(2)).toBe(80);
    expect(at(37)).toBe(160);
  });

  it('brings a blurred picture closer to the sharp one (higher PSNR)', () => {
    const sharp = image(64, 64, (x, y) => ((Math.floor(x / 8) + Math.floor(y / 8)) % 2 ? 200 : 50));
    // A 3 x 3 blur of the checkerboard stands in for a soft photo.
    const clampi = (v: number) => Math.min(63, Math.max(0, v));
    const soft = image(64, 64, (x, y) => {
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sum += sharp.data[(clampi(y + dy) * 64 + clampi(x + dx)) * 4]!;
      return Math.round(sum / 9);
    });
    const lifted = { ...soft, data: unsharpMask(soft, { amount: 0.5, radius: 1, threshold: 0 }) };
    expect(psnr(lifted, sharp)).toBeGreaterThan(psnr(soft, sharp));
  });
});

describe('psnr', () => {
  it('is infinite for equal pictures and about 48 dB for an error of 1 everywhere', () => {
    const a = image(10, 10, () => 100);
    expect(psnr(a, a)).toBe(Number.POSITIVE_INFINITY);
    expect(psnr(a, image(10, 10, () => 101))).toBeCloseTo(48.13, 1);
    expect(() => psnr(a, image(5, 5, () => 1))).toThrow();
  });
});
