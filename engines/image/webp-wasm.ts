import plainWasmUrl from '@jsquash/webp/codec/enc/webp_enc.wasm?url';
import simdWasmUrl from '@jsquash/webp/codec/enc/webp_enc_simd.wasm?url';
import type { WebpWasmLoader } from './webp-encode.js';

/** The browser's way to the WebP encoder's wasm: a hashed asset (the SIMD one is precached). */
export const loadWebpWasm: WebpWasmLoader = (simd) => WebAssembly.compileStreaming(fetch(simd ? simdWasmUrl : plainWasmUrl));
