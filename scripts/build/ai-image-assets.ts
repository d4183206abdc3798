import { cpSync, createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The AI image tools' models and wasm binaries, served from our own origin under /ai-models/
 * (nothing is fetched from a CDN) and kept out of the service worker's precache: the workers
 * fetch them on first use and the service worker keeps them (CacheFirst, vite.config.ts), so the
 * tools work offline afterwards.
 * - esrgan-slim/x2, x4: UpscalerJS's ESRGAN slim super-resolution models (MIT, about 0.9 MB each);
 * - human/blazeface: @vladmandic/human's face detector (MIT, 0.6 MB);
 * - tfjs-wasm/: the wasm binaries of @tensorflow/tfjs-backend-wasm 4.11, the version upscaler pins.
 */
export const AI_IMAGE_FILES: Record<string, string> = {
  'esrgan-slim/x2/model.json': 'node_modules/@upscalerjs/esrgan-slim/models/x2/model.json',
  'esrgan-slim/x2/group1-shard1of1.bin': 'node_modules/@upscalerjs/esrgan-slim/models/x2/group1-shard1of1.bin',
  'esrgan-slim/x4/model.json': 'node_modules/@upscalerjs/esrgan-slim/models/x4/model.json',
  'esrgan-slim/x4/group1-shard1of1.bin': 'node_modules/@upscalerjs/esrgan-slim/models/x4/group1-shard1of1.bin',
  'human/blazeface.json': 'node_modules/@vladmandic/human/models/blazeface.json',
  'human/blazeface.bin': 'node_modules/@vladmandic/human/models/blazeface.bin',
  'tfjs-wasm/tfjs-backend-wasm.wasm': 'node_modules/@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm',
  'tfjs-wasm/tfjs-backend-wasm-simd.wasm': 'node_modules/@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm',
  'tfjs-wasm/tfjs-backend-wasm-threaded-simd.wasm': 'node_modules/@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm',
};

const TYPES: Record<string, string> = { json: 'application/json', wasm: 'application/wasm', bin: 'application/octet-stream' };

export function aiImageAssets(): Plugin {
  return {
    name: 'ai-image-assets',
    configureServer(server) {
      server.middlewares.use('/ai-models/', (req, res, next) => {
        const name = (req.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '';
        const source = AI_IMAGE_FILES[name];
        if (!source || !existsSync(source)) return next();
        res.setHeader('Content-Type', TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream');
        createReadStream(source).pipe(res);
      });
    },
    writeBundle(options) {
      const out = options.dir ?? 'dist';
      for (const [name, source] of Object.entries(AI_IMAGE_FILES)) {
        if (!statSync(source).isFile()) continue;
        mkdirSync(join(out, 'ai-models', name, '..'), { recursive: true });
        cpSync(source, join(out, 'ai-models', name));
      }
    },
  };
}
