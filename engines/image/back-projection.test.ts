import { describe, expect, it } from 'vitest';
import { backProject } from './back-projection';
import { bicubicResize, type Rgba } from './bicubic';
import { psnrY } from './sr-metrics';

function picture(width: number, height: number, paint: (x: number, y: number) => [number, number, number, number?]): Rgba {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b, a = 255] = paint(x, y);
      data.set([r, g, b, a], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

/** Shrinking error: how far the upscaled picture is from giving back its source, mean absolute. */
function consistencyError(upscaled: Rgba, source: Rgba): number {
  const shrunk = bicubicResize(upscaled, source.width, source.height);
  let sum = 0;
  for (let i = 0; i < shrunk.data.length; i++) if (i % 4 !== 3) sum += Math.abs(shrunk.data[i]! - source.data[i]!);
  return sum / ((shrunk.data.length / 4) * 3);
}

describe('back-projection', () => {
  const truth = picture(48, 40, (x, y) => [(x * 11 + y * 3) % 256, 128 + 100 * Math.sin(x / 3), y % 8 < 4 ? 40 : 220]);
  const source = bicubicResize(truth, 24, 20);

  it('brings a drifted upscale back to the source it came from', () => {
    // A model that sharpened well but shifted the colours: truth with a brightness drift.
    const drifted = picture(48, 40, (x, y) => {
      const i = (y * 48 + x) * 4;
      return [truth.data[i]! + 18, truth.data[i + 1]! - 12, truth.data[i + 2]! + 9];
    });
    const fixed = backProject(drifted, source, 2);
    expect(consistencyError(fixed, source)).toBeLessThan(consistencyError(drifted, source) / 4);
    expect(psnrY(fixed, truth, 2)).toBeGreaterThan(psnrY(drifted, truth, 2) + 3);
  });

  it('leaves an upscale that already gives back its source nearly as it is', () => {
    const flat = picture(48, 40, () => [70, 130, 190]);
    const out = backProject(flat, bicubicResize(flat, 24, 20), 3);
    expect(out.data.every((v, i) => v === flat.data[i])).toBe(true);
  });

  it('keeps the alpha channel and the size', () => {
    const seeThrough = picture(48, 40, (x) => [200, 50, 50, x * 5]);
    const out = backProject(seeThrough, bicubicResize(seeThrough, 24, 20), 1);
    expect([out.width, out.height]).toEqual([48, 40]);
    for (let i = 3; i < out.data.length; i += 4) expect(out.data[i]).toBe(seeThrough.data[i]);
  });
});
