import type { RgbaPixels } from './webp-encode.js';

/** Compiles one codec's wasm (in the browser a hashed asset of our own origin, in tests the file). */
export type WasmModuleLoader = () => Promise<WebAssembly.Module>;

/** Pixels in, encoded bytes out; quality 0..1 like the canvas's own encoders. */
export type PixelEncoder = (image: RgbaPixels, quality: number) => Promise<ArrayBuffer>;

/**
 * AVIF speed 8 of 0-10: on a 1600 x 1200 photograph (Node 20, one thread) speed 6 takes about
 * three times as long for files 3-4 % smaller, and the size limit may encode seven times.
 */
export const AVIF_SPEED = 8;
/** JPEG XL effort 4 of 1-9: effort 7 is several times slower for 3-5 % smaller files. */
export const JXL_EFFORT = 4;

/** Emscripten's hook that lets us hand over an already compiled module. */
function instantiateWith(module: WebAssembly.Module) {
  return (imports: WebAssembly.Imports, callback: (instance: WebAssembly.Instance) => void) => {
    const instance = new WebAssembly.Instance(module, imports);
    callback(instance);
    return instance.exports;
  };
}

/** What every jSquash codec module has: encode(rgba, width, height, options). */
interface CodecModule {
  encode(data: ArrayBufferView, width: number, height: number, options: object): Uint8Array | null;
}
type CodecFactory = (options: object) => Promise<CodecModule>;

/**
 * An encoder that loads its codec and wasm on first use (never in a page bundle). A failed load
 * is not remembered, so a later call tries again.
 */
export function lazyEncoder(load: () => Promise<PixelEncoder>): PixelEncoder {
  let ready: Promise<PixelEncoder> | null = null;
  return async (image, quality) => {
    ready ??= load().catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return (await ready)(image, quality);
  };
}

/**
 * The single-threaded build of each codec, called directly rather than through the package's
 * encode(), which would pick (and bundle) its multi-threaded build whenever the page could share
 * memory; the image tools' pages are not cross-origin isolated, and one image per worker already
 * keeps every core busy.
 */
function codecEncoder(factory: () => Promise<{ default: unknown }>, loadWasm: WasmModuleLoader, options: (quality: number) => object): PixelEncoder {
  return lazyEncoder(async () => {
    const [{ default: create }, wasm] = await Promise.all([factory(), loadWasm()]);
    const codec = await (create as CodecFactory)({ noInitialRun: true, instantiateWasm: instantiateWith(wasm) });
    return async (image, quality) => {
      const out = codec.encode(image.data, image.width, image.height, options(Math.round(Math.min(1, Math.max(0, quality)) * 100)));
      if (!out) throw new Error('encoder returned nothing');
      // Copied out of the codec's memory, which the next encode reuses.
      return out.slice().buffer;
    };
  });
}

export function createAvifEncoder(loadWasm: WasmModuleLoader): PixelEncoder {
  return codecEncoder(
    async () => {
      const [codec, meta] = await Promise.all([import('@jsquash/avif/codec/enc/avif_enc.js'), import('@jsquash/avif/meta.js')]);
      defaults.avif = meta.defaultOptions;
      return codec;
    },
    loadWasm,
    (quality) => ({ ...defaults.avif, quality, speed: AVIF_SPEED }),
  );
}

export function createJxlEncoder(loadWasm: WasmModuleLoader): PixelEncoder {
  return codecEncoder(
    async () => {
      const [codec, meta] = await Promise.all([import('@jsquash/jxl/codec/enc/jxl_enc.js'), import('@jsquash/jxl/meta.js')]);
      defaults.jxl = meta.defaultOptions;
      return codec;
    },
    loadWasm,
    (quality) => ({ ...defaults.jxl, quality, effort: JXL_EFFORT }),
  );
}

/**
 * MozJPEG (progressive, optimised Huffman tables, trellis): smaller than the canvas's libjpeg at the
 * same quality. Chroma always at half resolution (4:2:0), as the canvas encoder does: MozJPEG's
 * automatic choice switches to full-resolution chroma from quality 80 up, which made a 640 x 480
 * photo 43 % larger from quality 79 to 80 and the tool's default output larger than before.
 */
export function createMozJpegEncoder(loadWasm: WasmModuleLoader): PixelEncoder {
  return codecEncoder(
    async () => {
      const [codec, meta] = await Promise.all([import('@jsquash/jpeg/codec/enc/mozjpeg_enc.js'), import('@jsquash/jpeg/meta.js')]);
      defaults.jpeg = meta.defaultOptions;
      return codec;
    },
    loadWasm,
    (quality) => ({ ...defaults.jpeg, quality, auto_subsample: false, chroma_subsample: 2 }),
  );
}

/** Each codec's own default options, read from its package when the codec loads. */
const defaults: { avif: object; jxl: object; jpeg: object } = { avif: {}, jxl: {}, jpeg: {} };
