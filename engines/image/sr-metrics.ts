/**
 * The evaluation protocol of the super-resolution literature (the ESRGAN and EDSR papers), for
 * the clarity benchmark: the low-resolution picture is made by bicubic downscaling with
 * antialiasing (MATLAB's `imresize`), the baseline is bicubic upscaling, and PSNR is taken on the
 * luma (Y of BT.601) with a border of `scale` pixels left out (bicubic.ts does the resampling).
 */
import type { Rgba } from './bicubic.js';

export { bicubicResize, type Rgba } from './bicubic.js';

/** PSNR on the luma (BT.601 Y, 16-235) with `shave` border pixels left out, in dB. */
export function psnrY(a: Rgba, b: Rgba, shave: number): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('psnrY: sizes differ');
  const y = (d: Uint8ClampedArray, i: number) => 16 + (65.481 * d[i]! + 128.553 * d[i + 1]! + 24.966 * d[i + 2]!) / 255;
  let sum = 0;
  let n = 0;
  for (let row = shave; row < a.height - shave; row++) {
    for (let col = shave; col < a.width - shave; col++) {
      const i = (row * a.width + col) * 4;
      const d = y(a.data, i) - y(b.data, i);
      sum += d * d;
      n += 1;
    }
  }
  const mse = sum / n;
  return mse === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255) / mse);
}
