import type { RgbaPixels } from './webp-encode.js';
import type { WasmModuleLoader } from './wasm-encoders.js';

/** The few parts of libheif-js's API used here (its .d.ts describes only the raw C functions). */
interface HeifImage {
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  display(target: RgbaPixels, done: (result: RgbaPixels | null) => void): void;
  free(): void;
}
interface Libheif {
  HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[] };
}
type LibheifFactory = (options: object) => Libheif | Promise<Libheif>;

/** HEIC/HEIF bytes to upright RGBA pixels. */
export type HeifDecoder = (bytes: Uint8Array) => Promise<RgbaPixels>;

/**
 * libheif (LGPL-3.0, libheif-js's Emscripten build, its wasm a separate file we serve ourselves),
 * loaded on the first HEIC a worker decodes. libheif applies the file's rotation and mirroring
 * (irot/imir), which is where HEIF keeps the orientation, so the pixels come out upright.
 * Only the primary image is decoded (an iPhone photo's depth map and thumbnails are not).
 */
export function createHeifDecoder(loadWasm: WasmModuleLoader): HeifDecoder {
  let ready: Promise<Libheif> | null = null;
  const load = async (): Promise<Libheif> => {
    const [mod, wasm] = await Promise.all([import('libheif-js/libheif-wasm/libheif.js'), loadWasm()]);
    // A CommonJS factory: the default export under Vite and Node alike.
    const factory = ((mod as { default?: unknown }).default ?? mod) as LibheifFactory;
    return factory({
      instantiateWasm: (imports: WebAssembly.Imports, callback: (instance: WebAssembly.Instance) => void) => {
        const instance = new WebAssembly.Instance(wasm, imports);
        callback(instance);
        return instance.exports;
      },
    });
  };
  return async (bytes) => {
    ready ??= load().catch((error: unknown) => {
      ready = null;
      throw error;
    });
    const lib = await ready;
    const images = new lib.HeifDecoder().decode(bytes);
    try {
      const image = images.find((i) => i.is_primary()) ?? images[0];
      if (!image) throw new Error('no image in the HEIF file');
      const width = image.get_width();
      const height = image.get_height();
      const target: RgbaPixels = { data: new Uint8ClampedArray(width * height * 4), width, height };
      return await new Promise<RgbaPixels>((resolve, reject) => image.display(target, (result) => (result ? resolve(result) : reject(new Error('HEIF decode failed')))));
    } finally {
      for (const image of images) image.free();
    }
  };
}

/** True for the ISO-BMFF brands of HEIC/HEIF stills (an 'ftyp' box at the start). */
export function isHeif(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const box = String.fromCharCode(...bytes.subarray(4, 8));
  const brand = String.fromCharCode(...bytes.subarray(8, 12));
  return box === 'ftyp' && ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand);
}
