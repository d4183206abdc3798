import avifWasmUrl from '@jsquash/avif/codec/enc/avif_enc.wasm?url';
import mozjpegWasmUrl from '@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm?url';
import jxlWasmUrl from '@jsquash/jxl/codec/enc/jxl_enc.wasm?url';
import heifWasmUrl from 'libheif-js/libheif-wasm/libheif.wasm?url';
import type { WasmModuleLoader } from './wasm-encoders.js';

/**
 * The browser's way to the extra codecs' wasm: hashed assets of our own origin, fetched the first
 * time a file needs one (then kept by the service worker's wasm cache for offline use).
 */
const compile = (url: string): WasmModuleLoader => () => WebAssembly.compileStreaming(fetch(url));

export const loadAvifWasm = compile(avifWasmUrl);
export const loadJxlWasm = compile(jxlWasmUrl);
export const loadMozJpegWasm = compile(mozjpegWasmUrl);
export const loadHeifWasm = compile(heifWasmUrl);
