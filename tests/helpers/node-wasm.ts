import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { WasmModuleLoader } from '@engines/image/wasm-encoders.js';

const require = createRequire(import.meta.url);

/** Tests' way to a codec's wasm: the package's file (the browser fetches the same file from our origin). */
export const wasmFromDisk =
  (path: string): WasmModuleLoader =>
  async () =>
    WebAssembly.compile(await readFile(require.resolve(path)));

export const nodeWasm = {
  avif: wasmFromDisk('@jsquash/avif/codec/enc/avif_enc.wasm'),
  jxl: wasmFromDisk('@jsquash/jxl/codec/enc/jxl_enc.wasm'),
  jpeg: wasmFromDisk('@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm'),
  heif: wasmFromDisk('libheif-js/libheif-wasm/libheif.wasm'),
};
