import { describe, expect, it } from 'vitest';
import { nodeWasm } from '../../tests/helpers/node-wasm';
import { fitToSize, MIN_SEARCH_QUALITY } from './size-search';
import { photo, photoPixels, PHOTO_KINDS, ssim, type PhotoKind } from '../../tests/helpers/fixtures/test-photos';
import { createAvifEncoder, createJxlEncoder, createMozJpegEncoder, type PixelEncoder } from './wasm-encoders';
import type { RgbaPixels } from './webp-encode';

/** A made-up encoder whose size grows with quality and area: for checking the search itself. */
function fake(sizeAt: (q: number, scale: number) => number) {
  const calls: Array<[number | undefined, number]> = [];
  return {
    calls,
    encode: async (q: number | undefined, scale: number) => {
      calls.push([q, scale]);
      return new ArrayBuffer(sizeAt(q ?? 100, scale));
    },
  };
}

/** Nearest-neighbour downscale: the search's scale steps, as the worker's canvas does them. */
function scaled(image: RgbaPixels, scale: number): RgbaPixels {
  if (scale === 1) return image;
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = (Math.floor(y / scale) * image.width + Math.floor(x / scale)) * 4;
      data.set(image.data.subarray(from, from + 4), (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

describe('fitToSize', () => {
  it('finds the highest quality that fits, by binary search (few encodes)', async () => {
    const f = fake((q) => q * 1000);
    const fit = await fitToSize({ limitBytes: 61_500, quality: 90, longestSide: 1000, encode: f.encode });
    expect(fit).toMatchObject({ quality: 61, scale: 1, fits: true });
    expect(fit.bytes.byteLength).toBe(61_000);
    expect(f.calls.length).toBeLessThanOrEqual(2 + Math.ceil(Math.log2(90 - MIN_SEARCH_QUALITY)));
  });

  it('keeps the chosen quality when it already fits, in one encode', async () => {
    const f = fake((q) => q * 10);
    expect(await fitToSize({ limitBytes: 5000, quality: 80, longestSide: 100, encode: f.encode })).toMatchObject({ quality: 80, scale: 1, fits: true, encodes: 1 });
  });

  it('scales down in steps when even the lowest quality is too big, and says when nothing fits', async () => {
    const f = fake((q, s) => q * 1000 * s * s);
    const fit = await fitToSize({ limitBytes: 30_000, quality: 80, longestSide: 2000, encode: f.encode });
    expect(fit.fits).toBe(true);
    expect(fit.scale).toBeLessThan(1);
    expect(fit.bytes.byteLength).toBeLessThanOrEqual(30_000);
    const never = await fitToSize({ limitBytes: 10, quality: undefined, longestSide: 500, encode: fake(() => 1e6).encode });
    expect(never.fits).toBe(false);
    expect(500 * never.scale).toBeGreaterThanOrEqual(64);
  });

  /** Runs the search on a generated photo and checks the result with ffmpeg's SSIM against the source. */
  async function fitPhoto(kind: PhotoKind, width: number, height: number, [ext, encoder]: [string, PixelEncoder], quality: number, kb: number) {
    const png = photo(kind, width, height);
    const pixels = photoPixels(kind, width, height);
    const fit = await fitToSize({ limitBytes: kb * 1024, quality, longestSide: Math.max(width, height), encode: (q, s) => encoder(scaled(pixels, s), (q ?? 100) / 100) });
    const score = ssim(png, 'png', new Uint8Array(fit.bytes), ext);
    console.log(`${kind} ${width}x${height} -> ${ext} <= ${kb} KB: ${fit.bytes.byteLength} B at quality ${fit.quality}, scale ${fit.scale.toFixed(2)}, ${fit.encodes} encodes, SSIM ${score.toFixed(4)}`);
    expect(fit.fits).toBe(true);
    expect(fit.bytes.byteLength).toBeLessThanOrEqual(kb * 1024);
    return { fit, score };
  }

  it('meets "at most 200 KB" on varied 1600 x 1200 photos (MozJPEG), reporting quality and SSIM', async () => {
    const jpeg: [string, PixelEncoder] = ['jpg', createMozJpegEncoder(nodeWasm.jpeg)];
    const results = [];
    for (const kind of Object.keys(PHOTO_KINDS) as PhotoKind[]) results.push(await fitPhoto(kind, 1600, 1200, jpeg, 95, 200));
    // The search really searched (not every photo fitted at the ceiling) and stayed sharp.
    expect(results.some(({ fit }) => fit.quality! < 95)).toBe(true);
    for (const { score } of results) expect(score).toBeGreaterThan(0.8);
  }, 120_000);

  it('searches AVIF and JPEG XL quality the same way (smaller photo, 25 KB)', async () => {
    const avif = await fitPhoto('detailed', 480, 360, ['avif', createAvifEncoder(nodeWasm.avif)], 95, 25);
    expect(avif.fit.quality).toBeLessThan(95);
    expect(avif.score).toBeGreaterThan(0.8);
    const jxl = await fitPhoto('mixed', 480, 360, ['jxl', createJxlEncoder(nodeWasm.jxl)], 95, 25);
    expect(jxl.fit.quality).toBeLessThan(95);
    // JPEG XL smooths the generated grain away, which SSIM counts against it (docs/image-formats.md).
    expect(jxl.score).toBeGreaterThan(0.4);
  }, 120_000);
});
