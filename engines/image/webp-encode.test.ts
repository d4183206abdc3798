import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { webpSize } from '../../tests/helpers/fixtures/images';
import { createWebpEncoder, type RgbaPixels } from './webp-encode';

const require = createRequire(import.meta.url);
const loadFromDisk = async (simd: boolean) =>
  WebAssembly.compile(await readFile(require.resolve(`@jsquash/webp/codec/enc/${simd ? 'webp_enc_simd' : 'webp_enc'}.wasm`)));

/** A gradient with a hard-edged square: something for the quality setting to act on. */
function pixels(width: number, height: number): RgbaPixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const inSquare = x > width / 4 && x < width / 2 && y > height / 4 && y < height / 2;
      data[i] = inSquare ? 250 : (x * 255) / width;
      data[i + 1] = (y * 255) / height;
      data[i + 2] = ((x ^ y) * 7) & 255;
      data[i + 3] = 255;
    }
  }
  return { data, width, height };
}

describe('createWebpEncoder', () => {
  it('writes a lossy WebP of the right size, smaller at lower quality', async () => {
    const encode = createWebpEncoder(loadFromDisk);
    const image = pixels(161, 97);
    const high = Buffer.from(await encode(image, 0.9));
    const low = Buffer.from(await encode(image, 0.3));
    expect(high.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(high.subarray(8, 16).toString('latin1')).toBe('WEBPVP8 ');
    expect(webpSize(high)).toEqual({ width: 161, height: 97 });
    expect(webpSize(low)).toEqual({ width: 161, height: 97 });
    expect(low.length).toBeLessThan(high.length);
  });

  it('keeps transparency (an alpha chunk)', async () => {
    const encode = createWebpEncoder(loadFromDisk);
    const image = pixels(40, 30);
    for (let i = 3; i < image.data.length; i += 8) image.data[i] = 0;
    const out = Buffer.from(await encode(image, 0.8));
    expect(out.subarray(8, 16).toString('latin1')).toBe('WEBPVP8X');
    expect(out.includes(Buffer.from('ALPH'))).toBe(true);
  });

  it('tries the wasm again after a failed load', async () => {
    let calls = 0;
    const encode = createWebpEncoder(async (simd) => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return loadFromDisk(simd);
    });
    await expect(encode(pixels(8, 8), 0.7)).rejects.toThrow('offline');
    expect(webpSize(Buffer.from(await encode(pixels(8, 8), 0.7)))).toEqual({ width: 8, height: 8 });
    expect(calls).toBe(2);
  });
});
