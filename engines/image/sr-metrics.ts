/**
 * The evaluation protocol of the super-resolution literature (the ESRGAN and EDSR papers), for
 * the clarity benchmark: the low-resolution picture is made by bicubic downscaling with
 * antialiasing (MATLAB's `imresize`), the baseline is bicubic upscaling, and PSNR is taken on the
 * luma (Y of BT.601) with a border of `scale` pixels left out. Plain loops over RGBA: the pictures
 * measured are small.
 */
export interface Rgba {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Keys' cubic convolution kernel with a = -0.5 (MATLAB's and most libraries' "bicubic"). */
function cubic(x: number): number {
  const t = Math.abs(x);
  if (t <= 1) return 1.5 * t ** 3 - 2.5 * t ** 2 + 1;
  if (t < 2) return -0.5 * t ** 3 + 2.5 * t ** 2 - 4 * t + 2;
  return 0;
}

/** Weights and source indices for one axis; the kernel widens when shrinking (antialiasing). */
function axisWeights(from: number, to: number): { index: number[]; weight: number[] }[] {
  const scale = to / from;
  const width = scale < 1 ? 4 / scale : 4;
  const kernel = (x: number) => (scale < 1 ? scale * cubic(x * scale) : cubic(x));
  const out: { index: number[]; weight: number[] }[] = [];
  for (let i = 0; i < to; i++) {
    const center = (i + 0.5) / scale - 0.5;
    const first = Math.floor(center - width / 2);
    const index: number[] = [];
    const weight: number[] = [];
    for (let j = first; j <= Math.ceil(center + width / 2); j++) {
      const w = kernel(center - j);
      if (w === 0) continue;
      index.push(Math.min(from - 1, Math.max(0, j)));
      weight.push(w);
    }
    const sum = weight.reduce((s, w) => s + w, 0);
    out.push({ index, weight: weight.map((w) => w / sum) });
  }
  return out;
}

/** Bicubic resize, separable, edges replicated; antialiased when shrinking, as MATLAB's imresize. */
export function bicubicResize(src: Rgba, width: number, height: number): Rgba {
  const xs = axisWeights(src.width, width);
  const ys = axisWeights(src.height, height);
  const mid = new Float64Array(width * src.height * 4);
  for (let y = 0; y < src.height; y++) {
    for (let x = 0; x < width; x++) {
      const { index, weight } = xs[x]!;
      for (let c = 0; c < 4; c++) {
        let v = 0;
        for (let k = 0; k < index.length; k++) v += weight[k]! * src.data[(y * src.width + index[k]!) * 4 + c]!;
        mid[(y * width + x) * 4 + c] = v;
      }
    }
  }
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const { index, weight } = ys[y]!;
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 4; c++) {
        let v = 0;
        for (let k = 0; k < index.length; k++) v += weight[k]! * mid[(index[k]! * width + x) * 4 + c]!;
        data[(y * width + x) * 4 + c] = Math.round(v);
      }
    }
  }
  return { width, height, data };
}

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
