import { describe, expect, it } from 'vitest';
import { createHeifDecoder, isHeif } from './heif-decode';
import { nodeWasm } from '../../tests/helpers/node-wasm';
import { decodedSize, heicFrom, photo, ssim } from '../../tests/helpers/fixtures/test-photos';
import { createAvifEncoder, createJxlEncoder, createMozJpegEncoder } from './wasm-encoders';

const decodeHeif = createHeifDecoder(nodeWasm.heif);

describe('HEIC in, AVIF / JPEG XL / MozJPEG out (checked by ffmpeg, djxl)', () => {
  it('decodes a heif-enc HEIC and re-encodes it in each format, readable by independent decoders', async () => {
    const png = photo('mixed', 320, 240);
    const heic = heicFrom(png, 'png', 80);
    expect(isHeif(heic)).toBe(true);
    expect(isHeif(png)).toBe(false);
    const pixels = await decodeHeif(heic);
    expect({ width: pixels.width, height: pixels.height }).toEqual({ width: 320, height: 240 });
    for (const [ext, encode] of [
      ['avif', createAvifEncoder(nodeWasm.avif)],
      ['jxl', createJxlEncoder(nodeWasm.jxl)],
      ['jpg', createMozJpegEncoder(nodeWasm.jpeg)],
    ] as const) {
      const high = new Uint8Array(await encode(pixels, 0.85));
      const low = new Uint8Array(await encode(pixels, 0.3));
      expect(decodedSize(high, ext), ext).toEqual({ width: 320, height: 240 });
      expect(low.length, ext).toBeLessThan(high.length);
      const score = ssim(png, 'png', high, ext);
      console.log(`${ext}: q85 ${high.length} B, q30 ${low.length} B, SSIM vs source at q85 ${score.toFixed(4)}`);
      // Through HEVC at q80 and back: still the same picture (JPEG XL smooths the generated grain
      // away, which SSIM counts against it).
      expect(score, ext).toBeGreaterThan(ext === 'jxl' ? 0.5 : 0.9);
    }
  });

  it('refuses bytes that are not HEIF, and tries the wasm again after a failed load', async () => {
    await expect(decodeHeif(new Uint8Array(64))).rejects.toThrow();
    let calls = 0;
    const encode = createAvifEncoder(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return nodeWasm.avif();
    });
    const tiny = { data: new Uint8ClampedArray(8 * 8 * 4).fill(200), width: 8, height: 8 };
    await expect(encode(tiny, 0.5)).rejects.toThrow('offline');
    expect((await encode(tiny, 0.5)).byteLength).toBeGreaterThan(0);
  });
});
