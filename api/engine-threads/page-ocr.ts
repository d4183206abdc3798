import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { PageRecogniser } from '@engines/document/types.js';

/**
 * The server's recogniser for scanned PDF pages (docs/pdf-scan-ocr.md): Poppler's `pdftoppm`
 * renders the page in grey at up to 300 dpi, Debian's `tesseract` (eng and chi_sim data) reads
 * it and answers TSV. One Tesseract thread per page: the engine pool already runs jobs side by
 * side, and on two shared cores one thread is faster than Tesseract's own OpenMP split.
 */

export const PDFTOPPM = '/usr/bin/pdftoppm';
export const TESSERACT = '/usr/bin/tesseract';
/** Tesseract reads print best at 300 dpi; a large page is rendered smaller so it stays under this many pixels a side. */
const DPI = 300;
const MAX_SIDE_PIXELS = 4200;
/** Each tool's time limit for one page. */
const PAGE_TIMEOUT_MS = 120_000;
/** Only the data Debian ships for Tesseract here; anything else is dropped rather than failing the page. */
const LANGUAGE = /^[a-z]{3}(?:_[a-z]+)?$/;

/**
 * The language data the browser's tesseract.js reads (the "best_int" models, shipped as npm
 * packages) serve the server too: both paths then read a scan alike, and these read Chinese
 * better than Debian's data (docs/pdf-scan-ocr.md). Gunzipped once into a folder of their own;
 * languages they do not cover use Debian's data.
 */
const SHIPPED_DATA: Record<string, string> = {
  eng: 'node_modules/@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz',
  chi_sim: 'node_modules/@tesseract.js-data/chi_sim/4.0.0_best_int/chi_sim.traineddata.gz',
};
let shippedDir: string | null | undefined;

function shippedTessdata(languages: string[]): string | null {
  if (!languages.every((l) => l in SHIPPED_DATA)) return null;
  if (shippedDir !== undefined) return shippedDir;
  try {
    const dir = join(tmpdir(), 'docuflow-tessdata-4.0.0_best_int');
    mkdirSync(dir, { recursive: true });
    for (const [lang, gz] of Object.entries(SHIPPED_DATA)) {
      const file = join(dir, `${lang}.traineddata`);
      if (existsSync(file)) continue;
      // Written aside and renamed, so a thread beside this one never reads half a file.
      const part = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      writeFileSync(part, gunzipSync(readFileSync(gz)));
      renameSync(part, file);
    }
    shippedDir = dir;
  } catch {
    shippedDir = null;
  }
  return shippedDir;
}

function run(command: string, args: string[], input: Uint8Array, signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: PAGE_TIMEOUT_MS,
      ...(signal ? { signal } : {}),
      env: { PATH: '/usr/bin:/bin', LC_ALL: 'C', OMP_THREAD_LIMIT: '1' },
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`${command} exited with ${code}: ${Buffer.concat(err).toString('utf8').slice(0, 500)}`));
    });
    // A tool that exits early closes its input; the write error is the exit's, reported there.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

export function renderDpi(width: number, height: number): number {
  return Math.max(72, Math.min(DPI, Math.floor((MAX_SIDE_PIXELS * 72) / Math.max(width, height, 1))));
}

export const recognisePageWithTesseract: PageRecogniser = async ({ pdf, number, width, height, languages, signal }) => {
  const dpi = renderDpi(width, height);
  const page = String(number);
  // The TSV is asked for by setting, not by the `tsv` config file: the shipped data folder has no configs.
  // The crop box, as pdf.js measures the page, so the words land where the analysis expects them.
  const png = await run(PDFTOPPM, ['-f', page, '-l', page, '-r', String(dpi), '-gray', '-cropbox', '-png', '-'], pdf, signal);
  const filtered = languages.filter((l) => LANGUAGE.test(l));
  const langs = filtered.length ? filtered : ['eng'];
  const data = shippedTessdata(langs);
  const tsv = await run(TESSERACT, ['stdin', 'stdout', ...(data ? ['--tessdata-dir', data] : []), '--dpi', String(dpi), '-l', langs.join('+'), '-c', 'tessedit_create_tsv=1', '-c', 'tessedit_create_txt=0'], png, signal);
  return {
    tsv: tsv.toString('utf8'),
    scale: dpi / 72,
    // A figure is rendered again, in colour, by itself: the grey page above is not kept.
    crop: async (box) => {
      const [x, y, w, h] = [box.left, box.top, box.width, box.height].map(Math.round) as [number, number, number, number];
      if (w < 1 || h < 1) return null;
      const area = ['-x', String(x), '-y', String(y), '-W', String(w), '-H', String(h)];
      const bytes = await run(PDFTOPPM, ['-f', page, '-l', page, '-r', String(dpi), ...area, '-cropbox', '-png', '-'], pdf, signal);
      return { png: new Uint8Array(bytes), width: w, height: h };
    },
  };
};
