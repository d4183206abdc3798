/**
 * Image tools throughput, in one run of headless Chromium against the built app:
 * 60 generated 12-megapixel JPEGs (4000 x 3000) resized to 1920 px wide WebP (quality 70) with a
 * tiled text watermark, saved as one zip through the real page, timed
 *   1. with a pool of 1 worker (navigator.hardwareConcurrency reported as 1),
 *   2. with the full pool (the machine's real hardwareConcurrency),
 * and browser-image-compression 2.0.2 doing the same resize and WebP re-encode (no watermark),
 *   3. called one file after another (its documented use; it runs each call in a Web Worker),
 *   4. called with as many files in flight as the pool has workers.
 * Prints images per second and the ratios. Run: `npx tsx tests/bench/image-tools.ts` (builds dist/
 * first if it is stale). Targets on 2 cores: full pool >= 1.6x one worker; ours >= 2x (3).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import JSZip from 'jszip';
import { DEFAULT_STORAGE_PREFIX } from '../../src/lib/storage-prefix';
import { startHarness } from '../e2e/harness';
import { webpSize } from '../helpers/fixtures/images';
import { DEFAULT_IMAGE_CONFIG } from '@engines/image/defaults';
import type { ImageConfig } from '@engines/image/types';

const COUNT = Number(process.env.BENCH_IMAGES ?? 60);
const WIDTH = 4000;
const HEIGHT = 3000;

/** The page's defaults (spec §3) with only what this benchmark changes. */
const CONFIG: ImageConfig = {
  ...DEFAULT_IMAGE_CONFIG,
  enabled: { ...DEFAULT_IMAGE_CONFIG.enabled, crop: true, format: true, watermark: true },
  format: 'webp',
  crop: { width: 1920, height: 1440, ratio: 'free', type: 1 },
  watermark: { ...DEFAULT_IMAGE_CONFIG.watermark, text: '© DocuFlow 水印', fontSize: 48, opacity: 60, verticalSpacing: 120, horizontalSpacing: 160, type: 2 },
};

const require = createRequire(import.meta.url);
const bicSource = readFileSync(require.resolve('browser-image-compression/dist/browser-image-compression.js'), 'utf8');

declare global {
  interface Window {
    __benchCores?: number;
    __benchFiles?: File[];
    imageCompression?: (file: File, options: Record<string, unknown>) => Promise<File>;
  }
}

async function main(): Promise<void> {
  const harness = await startHarness();
  try {
    // bypassCSP: browser-image-compression runs each call in a blob: worker that importScripts() its
    // own code from a blob: URL, which the app's script-src 'self' forbids (it would then silently
    // fall back to the main thread). The app's own code needs no exception.
    const { page, context } = await harness.open('/', { acceptDownloads: true, bypassCSP: true, viewport: { width: 1280, height: 900 } });
    // A string, not a function: tsx would wrap a function's inner arrows in a helper the page lacks.
    await context.addInitScript({
      content: `
        localStorage.setItem(${JSON.stringify(`${DEFAULT_STORAGE_PREFIX}imageTools.config`)}, ${JSON.stringify(JSON.stringify(CONFIG))});
        const realCores = navigator.hardwareConcurrency;
        Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get() { return window.__benchCores ?? realCores; } });
      `,
    });
    await page.goto('/products/imageTools');
    await page.getByTestId('image-drop-zone').waitFor();
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);

    const started = Date.now();
    await page.evaluate(
      async ({ count, w, h }) => {
        const files: File[] = [];
        for (let i = 0; i < count; i++) {
          const canvas = new OffscreenCanvas(w, h);
          const ctx = canvas.getContext('2d')!;
          const gradient = ctx.createLinearGradient(0, 0, w, h);
          gradient.addColorStop(0, `hsl(${(i * 37) % 360} 70% 55%)`);
          gradient.addColorStop(1, `hsl(${(i * 37 + 140) % 360} 60% 35%)`);
          ctx.fillStyle = gradient;
          ctx.fillRect(0, 0, w, h);
          // Shapes and fine noise give the encoder photo-like detail to chew on.
          for (let s = 0; s < 400; s++) {
            ctx.fillStyle = `hsl(${(s * 53 + i * 11) % 360} 65% ${30 + (s % 40)}% / 0.55)`;
            ctx.beginPath();
            ctx.arc((s * 977) % w, (s * 613) % h, 20 + ((s * 31) % 220), 0, Math.PI * 2);
            ctx.fill();
          }
          const noise = ctx.createImageData(512, 512);
          for (let p = 0; p < noise.data.length; p++) noise.data[p] = p % 4 === 3 ? 40 : (p * 2654435761 + i) % 255;
          const tile = new OffscreenCanvas(512, 512);
          tile.getContext('2d')!.putImageData(noise, 0, 0);
          ctx.fillStyle = ctx.createPattern(tile, 'repeat')!;
          ctx.fillRect(0, 0, w, h);
          const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
          files.push(new File([blob], `photo-${String(i + 1).padStart(3, '0')}.jpg`, { type: 'image/jpeg' }));
        }
        window.__benchFiles = files;
      },
      { count: COUNT, w: WIDTH, h: HEIGHT },
    );
    const totalMb = await page.evaluate(() => window.__benchFiles!.reduce((s, f) => s + f.size, 0) / 1e6);
    console.log(`generated ${COUNT} JPEGs of ${WIDTH}x${HEIGHT} (${totalMb.toFixed(0)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s; hardwareConcurrency ${cores}`);

    await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('[data-testid=image-file-input]')!;
      const transfer = new DataTransfer();
      for (const file of window.__benchFiles!) transfer.items.add(file);
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await page.waitForFunction((n) => [...document.querySelectorAll('[data-testid=image-card-info]')].filter((el) => el.textContent?.includes('×')).length === n, COUNT, {
      timeout: 600_000,
    });
    await page.waitForTimeout(1500); // let the preview settle

    // The page's main-thread busy time (CDP's TaskDuration): what the page itself costs per run.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const mainThreadSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
    let oursBytes = 0;
    const runOurs = async (poolCores: number | undefined): Promise<number> => {
      await page.evaluate((c) => (window.__benchCores = c ?? undefined), poolCores ?? null);
      const busy0 = await mainThreadSeconds();
      const t0 = Date.now();
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 900_000 }), page.getByRole('button', { name: 'Save as zip' }).click()]);
      const path = await download.path();
      const seconds = (Date.now() - t0) / 1000;
      console.log(`  pool of ${poolCores ?? cores}: page main thread busy ${(await mainThreadSeconds() - busy0).toFixed(1)} s of ${seconds.toFixed(1)} s`);
      // The work really happened: every entry is a 1920 x 1440 WebP.
      const zip = await JSZip.loadAsync(readFileSync(path));
      const names = Object.keys(zip.files);
      const first = webpSize(Buffer.from(await zip.file(names[0]!)!.async('uint8array')));
      if (names.length !== COUNT || first?.width !== 1920 || first.height !== 1440) throw new Error(`unexpected zip: ${names.length} entries, first ${names[0]} ${JSON.stringify(first)}`);
      oursBytes = 0;
      for (const name of names) oursBytes += (await zip.file(name)!.async('uint8array')).length;
      await page.getByRole('button', { name: 'Save as zip' }).waitFor();
      return seconds;
    };
    const runBic = (concurrency: number) =>
      page.evaluate(
        async ({ source, concurrency }) => {
          // eslint-disable-next-line @typescript-eslint/no-implied-eval -- loads the library's own UMD bundle into the page, as its <script> tag would
          if (!window.imageCompression) new Function(source).call(window);
          // Count the library's workers and their failures: a failed worker means a main-thread fallback.
          const NativeWorker = window.Worker;
          const stats = { workers: 0, errors: 0 };
          window.Worker = class extends NativeWorker {
            constructor(url: string | URL, options?: WorkerOptions) {
              super(url, options);
              stats.workers += 1;
              this.addEventListener('error', () => (stats.errors += 1));
            }
          };
          const libURL = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
          const files = window.__benchFiles!;
          const t0 = performance.now();
          let next = 0;
          let bytes = 0;
          // No named functions in here: tsx would wrap them in a helper the page does not have.
          await Promise.all(
            Array.from({ length: concurrency }, async () => {
              while (next < files.length) {
                const file = files[next++]!;
                const out = await window.imageCompression!(file, { maxWidthOrHeight: 1920, fileType: 'image/webp', initialQuality: 0.7, useWebWorker: true, libURL });
                bytes += out.size;
              }
            }),
          );
          window.Worker = NativeWorker;
          return { seconds: (performance.now() - t0) / 1000, bytes, ...stats };
        },
        { source: bicSource, concurrency },
      );

    const one = await runOurs(1);
    const pool = await runOurs(undefined);
    const bicSeq = await runBic(1);
    const bicPar = await runBic(cores);
    console.log(`browser-image-compression workers: ${bicSeq.workers + bicPar.workers} started, ${bicSeq.errors + bicPar.errors} failed`);
    const rate = (s: number) => COUNT / s;
    const row = (label: string, s: number) => console.log(`${label.padEnd(52)} ${s.toFixed(1).padStart(6)} s  ${rate(s).toFixed(2).padStart(6)} images/s`);
    row('ours, pool of 1 worker', one);
    row(`ours, full pool (${cores} workers)`, pool);
    row('browser-image-compression, one at a time', bicSeq.seconds);
    row(`browser-image-compression, ${cores} at a time`, bicPar.seconds);
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    console.log(`output: ours ${mb(oursBytes)} (watermarked), browser-image-compression ${mb(bicSeq.bytes)}`);
    console.log(`load average (1 min) at the end: ${loadavg()[0]!.toFixed(2)} (other processes compete for the cores when it is above 0.5)`);
    const scaling = one / pool;
    const versusBic = bicSeq.seconds / pool;
    const verdict = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
    console.log(`full pool / 1 worker: ${scaling.toFixed(2)}x (target >= 1.6x on 2 cores: ${verdict(scaling >= 1.6)})`);
    console.log(`ours (full pool) / browser-image-compression one at a time: ${versusBic.toFixed(2)}x (target >= 2x: ${verdict(versusBic >= 2)})`);
    console.log(`ours (full pool) / browser-image-compression ${cores} at a time: ${(bicPar.seconds / pool).toFixed(2)}x`);
    // The targets are set for 2-core machines; elsewhere the figures are for information.
    if (cores === 2 && (scaling < 1.6 || versusBic < 2)) process.exitCode = 1;
    await context.close();
  } finally {
    await harness.close();
  }
}

await main();
