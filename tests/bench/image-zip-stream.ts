/**
 * A batch of 1,000 photos saved as a zip through the real image tools page (headless Chromium,
 * the built app): every photo is passed through unchanged (no operation on), so the work is the
 * zip itself. Reports, in the same run:
 *   1. ours: the zip worker writing each photo to the origin's private file system as it arrives,
 *      split into whole zips of at most 1 GB;
 *   2. the baseline: JSZip building one archive in memory (the zip worker before issue 31), fed
 *      the same files in the same page;
 * each with its time and the peak growth of the browser's resident memory (every Chromium
 * process, sampled every 100 ms) over the moment before the save. The photos are 10 distinct
 * JPEGs of about 1.1 MB (ffmpeg) hard-linked 100 times each, chosen from disk, so the input is
 * never in memory either. Run: `npm run bench -- image-zip-stream` (BENCH_PHOTOS to change 1,000).
 */
import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startHarness, waitForApp } from '../e2e/harness';

const COUNT = Number(process.env.BENCH_PHOTOS ?? 1000);
const DISTINCT = 10;
const require = createRequire(import.meta.url);

declare global {
  interface Window {
    __benchFiles?: File[];
    JSZip?: new () => { file(name: string, data: Blob): void; generateAsync(o: { type: 'blob'; compression: 'STORE' }): Promise<Blob> };
  }
}

/** Resident memory of every process under this one (the browser and its renderers, GPU and utility processes), in bytes. */
function browserRss(): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone since the listing
    }
  }
  let total = 0;
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      try {
        total += Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${child}/status`, 'utf8'))?.[1] ?? 0) * 1024;
      } catch {
        // gone
      }
      walk(child);
    }
  };
  walk(process.pid);
  return total;
}

/** Runs `work` while sampling memory; its time and the peak growth over the memory just before. */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number; peakGrowth: number }> {
  const before = browserRss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, browserRss())), 100);
  const t0 = Date.now();
  try {
    const value = await work();
    return { value, seconds: (Date.now() - t0) / 1000, peakGrowth: Math.max(0, peak - before) };
  } finally {
    clearInterval(timer);
  }
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'zip-stream-bench-'));
  const harness = await startHarness();
  try {
    const sources = Array.from({ length: DISTINCT }, (_, i) => {
      const file = join(dir, `source-${i}.jpg`);
      execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=1600x1200,hue=h=${i * 36},noise=alls=40:allf=u`, '-frames:v', '1', '-q:v', '2', file]);
      return file;
    });
    const photos = join(dir, 'photos');
    mkdirSync(photos);
    const paths = Array.from({ length: COUNT }, (_, i) => {
      const path = join(photos, `IMG_${String(i + 1).padStart(4, '0')}.jpg`);
      linkSync(sources[i % DISTINCT]!, path);
      return path;
    });
    const totalBytes = paths.reduce((sum, p) => sum + statSync(p).size, 0);
    console.log(`${COUNT} photos, ${mb(totalBytes)} in all (${DISTINCT} distinct JPEGs of 1600 x 1200 hard-linked)`);

    // A profile on disk, as a visitor's browser has: in a throw-away (incognito) profile Chromium
    // keeps the origin's private file system in memory, which would measure the profile, not the zip.
    const context = await chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      acceptDownloads: true,
      bypassCSP: true,
      baseURL: harness.baseUrl,
      viewport: { width: 1280, height: 900 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/products/imageTools');
    await waitForApp(page);
    page.setDefaultTimeout(900_000);
    // The page empties its input once it has read it: the same File objects (backed by the files on disk) kept for the baseline.
    await page.evaluate(() =>
      document.addEventListener('change', (e) => (window.__benchFiles = [...((e.target as HTMLInputElement).files ?? [])]), { capture: true, once: true }),
    );
    await page.getByTestId('image-file-input').setInputFiles(paths);
    const probeStart = Date.now();
    await page.waitForFunction((n) => [...document.querySelectorAll('[data-testid=image-card-info]')].filter((el) => el.textContent?.includes('×')).length === n, COUNT, { timeout: 1_800_000 });
    console.log(`probed (thumbnails) in ${((Date.now() - probeStart) / 1000).toFixed(0)} s`);
    await page.waitForTimeout(2000);

    // 1. Ours, through the page's own button.
    const saved: { name: string; path: string }[] = [];
    page.on('download', (d) => void d.path().then((path) => saved.push({ name: d.suggestedFilename(), path })));
    const ours = await measured(async () => {
      await page.getByRole('button', { name: 'Save as zip' }).click();
      await page.getByTestId('image-batch-done').waitFor();
      while (saved.length < Math.ceil(totalBytes / 1024 ** 3)) await page.waitForTimeout(100);
      await page.waitForTimeout(500);
    });
    saved.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
    let entries = 0;
    for (const part of saved) {
      const listing = execFileSync('zipinfo', ['-1', part.path], { encoding: 'utf8', maxBuffer: 1 << 24 });
      entries += listing.trim().split('\n').length;
      execFileSync('unzip', ['-tq', part.path]);
    }
    const sizes = saved.map((p) => statSync(p.path).size);
    if (entries !== COUNT || sizes.some((s) => s > 1024 ** 3)) throw new Error(`unexpected parts: ${entries} entries, sizes ${sizes.join(', ')}`);
    console.log(`ours: ${saved.length} part(s) (${sizes.map(mb).join(' + ')}), ${entries} photos, every CRC checked by unzip -t`);

    // 2. The baseline: JSZip in the same page with the same files, one archive in memory.
    await page.addScriptTag({ content: readFileSync(require.resolve('jszip/dist/jszip.min.js'), 'utf8') });
    const baseline = await measured(() =>
      page.evaluate(async () => {
        const zip = new window.JSZip!();
        for (const file of window.__benchFiles!) zip.file(file.name, file);
        const blob = await zip.generateAsync({ type: 'blob', compression: 'STORE' });
        return blob.size;
      }),
    );
    if (baseline.value < totalBytes) throw new Error('the baseline zip is smaller than its photos');

    console.log(`\n| | time | peak memory growth | growth / photos' bytes |`);
    console.log(`|---|---|---|---|`);
    console.log(`| ours (OPFS, 1 GB parts) | ${ours.seconds.toFixed(1)} s | ${mb(ours.peakGrowth)} | ${(ours.peakGrowth / totalBytes).toFixed(3)} |`);
    console.log(`| JSZip in memory (before) | ${baseline.seconds.toFixed(1)} s | ${mb(baseline.peakGrowth)} | ${(baseline.peakGrowth / totalBytes).toFixed(3)} |`);
    console.log(`\nours used ${(ours.peakGrowth / Math.max(1, baseline.peakGrowth)).toFixed(3)}x the baseline's memory growth and took ${(ours.seconds / baseline.seconds).toFixed(2)}x its time`);
    await context.close();
  } finally {
    await harness.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
