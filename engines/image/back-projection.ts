import { resizeFloat, type Rgba } from './bicubic.js';

/**
 * Iterative back-projection (Irani and Peleg, 1991): nudges an upscaled picture until shrinking it
 * again gives back the picture it came from, by adding the upscaled difference. A model's output
 * keeps its sharp detail but loses the colour and brightness drift it adds, so the result is
 * faithful to the user's picture. Colour only: the alpha channel is left as it is.
 */
export function backProject(upscaled: Rgba, source: Rgba, iterations: number): Rgba {
  const { width, height } = upscaled;
  const out = Float32Array.from(upscaled.data);
  for (let i = 0; i < iterations; i++) {
    const shrunk = resizeFloat({ width, height, data: out }, source.width, source.height);
    const error = shrunk.data;
    for (let p = 0; p < error.length; p++) error[p] = source.data[p]! - error[p]!;
    const correction = resizeFloat(shrunk, width, height).data;
    for (let p = 0; p < out.length; p += 4) {
      out[p] = clamp(out[p]! + correction[p]!);
      out[p + 1] = clamp(out[p + 1]! + correction[p + 1]!);
      out[p + 2] = clamp(out[p + 2]! + correction[p + 2]!);
    }
  }
  return { width, height, data: Uint8ClampedArray.from(out, Math.round) };
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}
