/**
 * Bicubic resampling as MATLAB's `imresize` does it (Keys' kernel, a = -0.5, widened when
 * shrinking so it antialiases, edges replicated): the degradation of the super-resolution
 * literature's protocol (sr-metrics.ts) and the projection of back-projection (back-projection.ts).
 */
export interface Rgba {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** A picture as floats, 4 channels per pixel (RGBA order), values unclamped. */
export interface FloatImage {
  width: number;
  height: number;
  data: Float32Array;
}

/** Keys' cubic convolution kernel with a = -0.5 (MATLAB's and most libraries' "bicubic"). */
function cubic(x: number): number {
  const t = Math.abs(x);
  if (t <= 1) return 1.5 * t ** 3 - 2.5 * t ** 2 + 1;
  if (t < 2) return -0.5 * t ** 3 + 2.5 * t ** 2 - 4 * t + 2;
  return 0;
}

/** Weights and source indices for one axis; the kernel widens when shrinking (antialiasing). */
function axisWeights(from: number, to: number): { index: Int32Array; weight: Float32Array }[] {
  const scale = to / from;
  const width = scale < 1 ? 4 / scale : 4;
  const kernel = (x: number) => (scale < 1 ? scale * cubic(x * scale) : cubic(x));
  const out: { index: Int32Array; weight: Float32Array }[] = [];
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
    out.push({ index: Int32Array.from(index), weight: Float32Array.from(weight, (w) => w / sum) });
  }
  return out;
}

/** Separable bicubic resize of 4-channel pixels, in floats (no rounding, no clamping). */
export function resizeFloat(src: { width: number; height: number; data: ArrayLike<number> }, width: number, height: number): FloatImage {
  const xs = axisWeights(src.width, width);
  const ys = axisWeights(src.height, height);
  const mid = new Float32Array(width * src.height * 4);
  for (let y = 0; y < src.height; y++) {
    const row = y * src.width;
    for (let x = 0; x < width; x++) {
      const { index, weight } = xs[x]!;
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let k = 0; k < index.length; k++) {
        const i = (row + index[k]!) * 4;
        const w = weight[k]!;
        r += w * src.data[i]!;
        g += w * src.data[i + 1]!;
        b += w * src.data[i + 2]!;
        a += w * src.data[i + 3]!;
      }
      const o = (y * width + x) * 4;
      mid[o] = r;
      mid[o + 1] = g;
      mid[o + 2] = b;
      mid[o + 3] = a;
    }
  }
  const data = new Float32Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const { index, weight } = ys[y]!;
    for (let k = 0; k < index.length; k++) {
      const w = weight[k]!;
      const from = index[k]! * width * 4;
      const to = y * width * 4;
      for (let i = 0; i < width * 4; i++) data[to + i]! += w * mid[from + i]!;
    }
  }
  return { width, height, data };
}

/** Bicubic resize to 8-bit pixels, as MATLAB's imresize. */
export function bicubicResize(src: Rgba, width: number, height: number): Rgba {
  const out = resizeFloat(src, width, height);
  return { width, height, data: Uint8ClampedArray.from(out.data, Math.round) };
}
