import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { registerThroughUi, uniqueUserId, type Harness } from './harness';

/** A page signed up as a new user of its own (each journey spends its own quota), downloads allowed. */
export async function newToolUser(harness: Harness, prefix: string): Promise<Page> {
  const { page } = await harness.open('/', { acceptDownloads: true });
  page.setDefaultTimeout(30_000);
  const userId = uniqueUserId(prefix);
  await registerThroughUi(page, { userId, email: `${userId}@example.com`, password: 'Pdf-Tools-Passw0rd' });
  return page;
}

/**
 * Waits for the organise grid to show `count` page tiles. The grid appears once the PDF tools
 * worker has read the file, which on a loaded machine takes seconds (a cold worker loading its
 * PDF library): longer than `expect.poll`'s one second, so the last tile is awaited first.
 */
export async function expectPageTiles(page: Page, count: number): Promise<void> {
  await page.getByTestId('pdf-page').nth(count - 1).waitFor();
  await expect.poll(() => page.getByTestId('pdf-page').count()).toBe(count);
}

/** A PDF file for `setInputFiles`. */
export const pdfFile = (name: string, buffer: Uint8Array) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(buffer) });

/** A 300 x 400 pt PDF whose every page says `{label} page {n}` at height `textY`, so pdftotext can tell pages and order apart. */
export async function labelledPdf(label: string, pages: number, { textY = 300 }: { textY?: number } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([300, 400]).drawText(`${label} page ${i}`, { x: 30, y: textY, size: 18, font });
  return Buffer.from(await doc.save());
}

/**
 * Presses the tool's run button named `action`, waits for the result and downloads it. A run that
 * ends in an error fails with the error's text; one still running at the limit, with its phase.
 */
export async function runAndDownload(page: Page, action: string | RegExp): Promise<{ name: string; bytes: Buffer }> {
  await page.getByTestId('pdf-run').and(page.getByRole('button', { name: action })).click();
  const result = page.getByTestId('pdf-result');
  const failed = page.getByTestId('pdf-run-error');
  try {
    await result.or(failed).first().waitFor({ timeout: 90_000 });
  } catch (error) {
    const progress = await page.getByTestId('pdf-run-progress').textContent().catch(() => null);
    throw new Error(`${action.toString()}: no result after 90 s${progress === null ? '' : ` (still running: ${progress})`}`, { cause: error });
  }
  if (await failed.count()) throw new Error(`${action.toString()} failed: ${await failed.first().textContent()}`);
  const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: /^(Download|下载)$/ }).click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

/** Every request that changes something (not GET), to prove what a device tool sends and what it does not. */
export function recordPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => request.method() !== 'GET' && posts.push(request));
  return posts;
}

/** The page's console messages, errors, failed requests and workers, in order, to print when a journey fails. */
export function pageTrail(page: Page): string[] {
  const trail: string[] = [];
  const at = () => new Date().toISOString().slice(11, 23);
  page.on('console', (m) => trail.push(`${at()} console.${m.type()}: ${m.text().slice(0, 300)}`));
  page.on('pageerror', (e) => trail.push(`${at()} page error: ${String(e).slice(0, 300)}`));
  page.on('requestfailed', (r) => trail.push(`${at()} request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('worker', (w) => trail.push(`${at()} worker: ${w.url()}`));
  return trail;
}
