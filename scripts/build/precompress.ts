import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as zlibGzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Kinds of files worth compressing; images and fonts in woff2 are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|wasm|txt|xml|map|ttf|otf|pfb|bcmap)$/;
/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 1024;
/** A variant is kept only when it is at most this fraction of the original. */
const MAX_RATIO = 0.9;

const brotli = promisify(brotliCompress);
const gzip = promisify(zlibGzip);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // Vite's manifest is read by tools at build time, never served; prerendered pages are
      // encoded by the server with their hints (api/static.ts), and written while this runs.
      if (entry.name !== '.vite' && entry.name !== 'prerendered') yield* walk(path);
    } else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

/**
 * Compressed variants kept by content between builds: brotli at quality 11 takes minutes on the
 * 32 MB ffmpeg cores and the model files, which change far less often than the app's own code.
 */
export const DEFAULT_COMPRESS_CACHE = resolve(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'docuflow-precompress');

interface Variants {
  br: Buffer;
  gz: Buffer;
}

async function compressedVariants(bytes: Buffer, cacheDir: string | null): Promise<Variants> {
  const key = cacheDir ? join(cacheDir, createHash('sha256').update(bytes).digest('hex')) : null;
  if (key) {
    const cached = await Promise.all([readFile(`${key}.br`), readFile(`${key}.gz`)]).catch(() => null);
    if (cached) return { br: cached[0], gz: cached[1] };
  }
  const [br, gz] = await Promise.all([
    brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gzip(bytes, { level: 9 }),
  ]);
  if (key && cacheDir) {
    await mkdir(cacheDir, { recursive: true });
    // Written aside, then renamed: a build killed half-way never leaves a truncated entry to be read back.
    for (const [ext, bytes] of [['br', br], ['gz', gz]] as const) {
      await writeFile(`${key}.${ext}.${process.pid}.tmp`, bytes);
      await rename(`${key}.${ext}.${process.pid}.tmp`, `${key}.${ext}`);
    }
  }
  return { br, gz };
}

/** Writes `<file>.br` and `<file>.gz` beside one file when they are worth it; returns bytes before and after brotli. */
async function compressFile(path: string, cacheDir: string | null): Promise<{ raw: number; br: number }> {
  const bytes = await readFile(path);
  if (bytes.length < MIN_BYTES) return { raw: bytes.length, br: bytes.length };
  const { br, gz } = await compressedVariants(bytes, cacheDir);
  if (br.length <= bytes.length * MAX_RATIO) await writeFile(`${path}.br`, br);
  if (gz.length <= bytes.length * MAX_RATIO) await writeFile(`${path}.gz`, gz);
  return { raw: bytes.length, br: Math.min(br.length, bytes.length) };
}

/**
 * Compresses every text file under `dir` at the highest levels, a few files at a time (zlib runs
 * them on libuv's threads), reusing variants of identical bytes from `cacheDir` (null: no cache).
 */
export async function precompressDir(dir: string, { concurrency = 4, cacheDir = null }: { concurrency?: number; cacheDir?: string | null } = {}): Promise<{ files: number; raw: number; br: number }> {
  const files: string[] = [];
  for await (const f of walk(dir)) files.push(f);
  const total = { files: files.length, raw: 0, br: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const r = await compressFile(file, cacheDir);
      total.raw += r.raw;
      total.br += r.br;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return total;
}

/**
 * Vite plugin: after everything else has written dist/ (the service worker is generated in
 * vite-plugin-pwa's closeBundle, pdf.js's side files are copied in writeBundle), writes brotli
 * and gzip variants that api/static.ts serves by Accept-Encoding, so no request pays for
 * compression at run time.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let logger: ResolvedConfig['logger'] | undefined;
  return {
    name: 'docuflow-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const started = performance.now();
        const t = await precompressDir(outDir, { cacheDir: DEFAULT_COMPRESS_CACHE });
        const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
        logger?.info(`precompressed ${t.files} files: ${kib(t.raw)} → ${kib(t.br)} brotli in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
