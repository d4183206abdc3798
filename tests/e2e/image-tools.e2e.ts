import { readdirSync, readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STORAGE_PREFIX } from '../../src/lib/storage-prefix';
import { bmpBytes, pngBytes, solidPng } from '../helpers/fixtures/image-encoders';
import { makeImages, mixedSpecs, webpSize } from '../helpers/fixtures/images';
import { previewCentre, saveZip, waitForCards } from '../helpers/image-tools-page';
import { startHarness, type Harness } from './harness';

const COUNT = 20;

describe('image tools journey', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness?.close());

  it('crops 20 mixed images to 1:1 at 512, WebP 70, tiled watermark, 2 px border, into a zip; then works offline', async () => {
    const { page, context } = await harness.open('/products/imageTools', { serviceWorkers: 'allow', acceptDownloads: true });
    await page.getByRole('heading', { level: 1, name: 'Batch image editor' }).waitFor();

    await page.getByTestId('image-file-input').setInputFiles(await makeImages(page, COUNT));
    await waitForCards(page, COUNT);
    await expect(page.getByTestId('image-count').textContent()).resolves.toMatch(/^Images: 20 · /);
    // The EXIF-rotated JPEG (stored 600 x 640 sideways) is listed upright.
    const rotated = mixedSpecs(COUNT).find((s) => s.kind === 'jpeg-rotated')!;
    await expect(page.getByTestId('image-card').filter({ hasText: rotated.name }).getByTestId('image-card-info').textContent()).resolves.toContain(
      `${rotated.width} × ${rotated.height}`,
    );

    await page.getByRole('switch', { name: 'Crop' }).check();
    await expect(page.getByTestId('op-crop').getByLabel('Ratio').inputValue()).resolves.toBe('1:1');
    await expect(page.getByLabel('Width (px)').first().inputValue()).resolves.toBe('512');
    await page.getByRole('switch', { name: 'Format and quality' }).check();
    await page.getByLabel('Format', { exact: true }).selectOption('webp');
    await expect(page.getByRole('slider', { name: 'WebP quality' }).inputValue()).resolves.toBe('70');
    await page.getByRole('switch', { name: 'Rename' }).check();
    await page.getByLabel('Name pattern').fill('photo-{n:2}');
    await page.getByRole('switch', { name: 'Watermark' }).check();
    await page.getByLabel('Watermark text').fill('© DocuFlow 水印');
    await page.getByRole('radio', { name: 'Tiled' }).check();
    await page.getByRole('switch', { name: 'Border' }).check();
    await expect(page.getByTestId('op-border').getByLabel('Width (px)').inputValue()).resolves.toBe('2');
    await page.getByTestId('image-preview-output').filter({ hasText: '512 × 512 px · WebP' }).waitFor();

    const zip = await saveZip(page);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(Array.from({ length: COUNT }, (_, i) => `photo-${String(i + 1).padStart(2, '0')}.webp`));
    for (const name of names) {
      const bytes = Buffer.from(await zip.file(name)!.async('uint8array'));
      expect(bytes.toString('ascii', 0, 4), name).toBe('RIFF');
      expect(bytes.toString('ascii', 8, 12), name).toBe('WEBP');
      expect(webpSize(bytes), name).toEqual({ width: 512, height: 512 });
    }
    await page.getByTestId('image-batch-done').filter({ hasText: 'Done: 20 saved' }).waitFor();

    // Offline: the service worker installed on this first visit must hold every script the tool
    // used, its Web Workers included; the HTTP cache is emptied so only the service worker can answer.
    // Worker scripts do not show in the page's resource timing, so they are named from dist/.
    const workers = readdirSync(join(process.env.E2E_DIST_DIR ?? join(import.meta.dirname, '..', '..', 'dist'), 'assets'))
      .filter((f) => /^(image|zip)\.worker-.+\.js$/.test(f))
      .map((f) => `/assets/${f}`);
    expect(workers.length).toBe(2);
    const uncached = await page.evaluate(async (workerUrls) => {
      await navigator.serviceWorker.ready;
      const scripts = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((path) => path.endsWith('.js'));
      const missing = [];
      for (const path of [...scripts, ...workerUrls]) if (!(await caches.match(path, { ignoreSearch: true }))) missing.push(path);
      return missing;
    }, workers);
    expect(uncached, 'scripts the service worker does not hold (vite.config.ts must precache the image workers)').toEqual([]);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Batch image editor' }).waitFor();
    await expect(page.getByRole('switch', { name: 'Crop' }).isChecked()).resolves.toBe(true);
    await page.getByTestId('image-file-input').setInputFiles([
      { name: 'offline-a.png', mimeType: 'image/png', buffer: pngBytes(800, 600) },
      { name: 'offline-b.png', mimeType: 'image/png', buffer: pngBytes(300, 900) },
    ]);
    await waitForCards(page, 2);
    const offlineZip = await saveZip(page);
    expect(Object.keys(offlineZip.files).sort()).toEqual(['photo-01.webp', 'photo-02.webp']);
    const first = Buffer.from(await offlineZip.file('photo-01.webp')!.async('uint8array'));
    expect(webpSize(first)).toEqual({ width: 512, height: 512 });
    // The video tools, answered by the service worker from the same app shell, are still cross-origin
    // isolated: it adds the headers the stored shell lacks (scripts/build/sw-isolated-pages.ts).
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    await page.goto('/products/videoTools');
    await expect(page.evaluate(() => crossOriginIsolated)).resolves.toBe(true);
    await context.close();
  });

  it('refuses non-images by name, removes one and all, and resets the configuration', async () => {
    const { page, context } = await harness.open('/products/imageTools');
    await page.getByTestId('image-drop-zone').waitFor();
    await page.getByTestId('image-file-input').setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
      { name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not a png at all') },
      { name: 'keep-1.png', mimeType: 'image/png', buffer: pngBytes(40, 30) },
      { name: 'keep-2.png', mimeType: 'image/png', buffer: pngBytes(30, 40) },
    ]);
    await waitForCards(page, 2);
    const refused = page.getByTestId('image-refused');
    await refused.filter({ hasText: 'Not a supported image: notes.txt' }).waitFor();
    await refused.filter({ hasText: 'Your browser cannot read: broken.png' }).waitFor();
    await expect(page.getByTestId('image-card').first().getByTestId('image-card-info').textContent()).resolves.toContain('40 × 30');

    await page.getByRole('button', { name: 'Remove keep-1.png' }).click();
    await expect(page.getByTestId('image-card').count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Remove all' }).click();
    await page.getByText('No images yet').waitFor();

    // Drag and drop: a file dropped on the zone joins the grid.
    await page.evaluate((base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
      const zone = document.querySelector('[data-testid=image-drop-zone]')!;
      for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    }, pngBytes(120, 80).toString('base64'));
    await waitForCards(page, 1);
    await page.getByTestId('image-card').filter({ hasText: 'dropped.png' }).filter({ hasText: '120 × 80' }).waitFor();
    await page.getByRole('button', { name: 'Remove all' }).click();

    await page.getByRole('switch', { name: 'Border' }).check();
    await page.getByTestId('op-border').getByLabel('Width (px)').fill('9');
    await expect.poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').border?.width, `${DEFAULT_STORAGE_PREFIX}imageTools.config`)).toBe(9);
    await page.reload();
    await expect(page.getByTestId('op-border').getByLabel('Width (px)').inputValue()).resolves.toBe('9');
    await page.getByRole('button', { name: 'Reset configuration' }).click();
    await expect(page.getByRole('switch', { name: 'Border' }).isChecked()).resolves.toBe(false);
    await page.getByRole('switch', { name: 'Border' }).check();
    await expect(page.getByTestId('op-border').getByLabel('Width (px)').inputValue()).resolves.toBe('2');
    await expect(page.getByTestId('op-border').getByRole('textbox', { name: 'Colour code' }).inputValue()).resolves.toBe('#2f78f7');
    await context.close();
  });

  it('saves individual files where no folder picker exists, and cancels a running batch', async () => {
    const { page, context } = await harness.open('/products/imageTools', { acceptDownloads: true });
    await page.evaluate(() => delete (window as { showDirectoryPicker?: unknown }).showDirectoryPicker);
    await page.getByTestId('image-file-input').setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: pngBytes(64, 48) },
      { name: 'b.bmp', mimeType: 'image/bmp', buffer: bmpBytes(48, 64) },
    ]);
    await waitForCards(page, 2);
    await page.getByRole('switch', { name: 'Border' }).check();

    // An image watermark, one mark in the centre: the preview's centre pixel takes its colour.
    await page.getByRole('switch', { name: 'Watermark' }).check();
    await page.getByRole('radio', { name: 'Image' }).check();
    await page.getByTestId('op-watermark').locator('input[type=file]').setInputFiles({ name: 'mark.png', mimeType: 'image/png', buffer: solidPng(8, 8, [255, 0, 255]) });
    await page.getByRole('img', { name: 'Watermark image' }).waitFor();
    await page.getByTestId('op-watermark').getByLabel('Size (px)').fill('4');
    await page.getByRole('radio', { name: 'Centre' }).check();
    await expect.poll(() => previewCentre(page)).toEqual([255, 0, 255]);
    await page.getByRole('switch', { name: 'Watermark' }).uncheck();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBeLessThanOrEqual(0);
    const downloads: string[] = [];
    page.on('download', (d) => downloads.push(d.suggestedFilename()));
    await page.getByRole('button', { name: 'Save as files' }).click();
    await page.getByTestId('image-batch-done').filter({ hasText: 'Done: 2 saved' }).waitFor();
    await expect.poll(() => downloads.sort()).toEqual(['a.png', 'b.png']);

    await page.getByRole('button', { name: 'Remove all' }).click();
    await page.getByTestId('image-file-input').setInputFiles(Array.from({ length: 8 }, (_, i) => ({ name: `big-${i}.png`, mimeType: 'image/png', buffer: pngBytes(2400, 1800) })));
    await waitForCards(page, 8);
    await page.getByRole('button', { name: 'Save as zip' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText(/^Cancelled after \d of 8$/).waitFor();
    await expect(page.getByRole('button', { name: 'Save as zip' }).isEnabled()).resolves.toBe(true);
    await context.close();
  });
  it('streams a batch into zip parts written to disk as it goes, split at the part size, every photo once', async () => {
    const { page, context } = await harness.open('/products/imageTools', { acceptDownloads: true });
    // Parts of 15 KB instead of 1 GB (the setting a device that cannot take big files would use).
    const partBytes = Math.round(0.015 * 1024 * 1024);
    await page.evaluate((key) => localStorage.setItem(key, '0.015'), `${DEFAULT_STORAGE_PREFIX}imageTools.zipPartMb`);
    // Noisy pictures of about 5 KB each, saved as they are (no operation on): two to a part.
    let seed = 7;
    const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 8) & 0xff;
    const files = Array.from({ length: 10 }, (_, i) => ({ name: `scan-${i}.png`, mimeType: 'image/png', buffer: pngBytes(100, 80, () => [noise(), noise(), noise()]) }));
    await page.getByTestId('image-file-input').setInputFiles(files);
    await waitForCards(page, 10);
    const downloads: { name: string; bytes: Buffer }[] = [];
    page.on('download', (d) => void d.path().then((path) => downloads.push({ name: d.suggestedFilename(), bytes: readFileSync(path) })));
    await page.getByRole('button', { name: 'Save as zip' }).click();
    await page.getByTestId('image-batch-done').filter({ hasText: 'Done: 10 saved' }).waitFor();
    await expect.poll(() => downloads.length).toBeGreaterThanOrEqual(3);
    await page.waitForTimeout(500);
    downloads.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
    const parts = downloads.length;
    expect(downloads.map((d) => d.name.replace(/^images-\d{4}-\d\d-\d\d-\d{4}-/, ''))).toEqual(Array.from({ length: parts }, (_, i) => `part${i + 1}.zip`));
    const names: string[] = [];
    for (const part of downloads) {
      expect(part.bytes.length, part.name).toBeLessThanOrEqual(partBytes);
      const zip = await JSZip.loadAsync(part.bytes);
      for (const name of Object.keys(zip.files)) {
        const bytes = await zip.file(name)!.async('uint8array');
        expect(Buffer.from(bytes).equals(files.find((f) => f.name === name)!.buffer), name).toBe(true);
        names.push(name);
      }
    }
    expect(names).toEqual(files.map((f) => f.name));
    // The parts were written to the origin's private file system, not built in memory.
    const onDisk = await page.evaluate(async () => {
      const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('zip-parts');
      const list: string[] = [];
      for await (const name of (folder as unknown as { keys(): AsyncIterable<string> }).keys()) list.push(name);
      return list;
    });
    expect(onDisk.filter((n) => /-part\d+\.zip$/.test(n))).toHaveLength(parts);
    await context.close();
  });
});
