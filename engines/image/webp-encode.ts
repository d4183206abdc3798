/**
 * WebP through libwebp compiled to wasm (jSquash, repackaged from Squoosh) rather than
 * `OffscreenCanvas.convertToBlob`. Chromium's built-in encoder has no effort setting and spends
 * as long as libwebp's method 4; the encode is two thirds of a batch image's time. Measured on the
 * image-tools benchmark's 1920 x 1440 output at quality 70 (Chromium 142, 2 cores):
 *   built-in          235 ms  240 KB  PSNR 35.93 dB
 *   wasm, method 4    337 ms  242 KB  35.96 dB
 *   wasm, method 2    165 ms  253 KB  35.62 dB   <- chosen
 *   wasm, method 1    105 ms  255 KB  35.60 dB
 * and on a 720 x 477 photograph: built-in 61 ms 62 KB 31.47 dB, method 2 19 ms 64 KB 31.33 dB,
 * method 1 17 ms 71 KB 31.34 dB. Method 2 is 1.4x faster than the built-in encoder for 3-5 %
 * larger files and 0.1-0.3 dB; method 1 saves a little more time but grows photographs by 15 %.
 */
export const WEBP_METHOD = 2;

/** Pixels as ImageData holds them (Node has no ImageData; the encoder reads only these). */
export interface RgbaPixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Compiles the encoder's wasm: the SIMD build where the engine supports it. */
export type WebpWasmLoader = (simd: boolean) => Promise<WebAssembly.Module>;

type Encode = (image: RgbaPixels, quality: number) => Promise<ArrayBuffer>;

/**
 * An encoder that loads the library and its wasm on first use (never in a page bundle). A failed
 * load is not remembered, so a later call tries again.
 */
export function createWebpEncoder(loadWasm: WebpWasmLoader): Encode {
  let ready: Promise<Encode> | null = null;
  const load = async (): Promise<Encode> => {
    const [codec, features] = await Promise.all([import('@jsquash/webp/encode.js'), import('wasm-feature-detect')]);
    // The init(module) form is missing from jSquash's .d.ts; its JS takes a compiled module first.
    const init = codec.init as unknown as (module: WebAssembly.Module) => Promise<unknown>;
    await init(await loadWasm(await features.simd()));
    return async (image, quality) => codec.default(image as ImageData, { quality: Math.round(quality * 100), method: WEBP_METHOD });
  };
  return async (image, quality) => {
    ready ??= load().catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return (await ready)(image, quality);
  };
}
