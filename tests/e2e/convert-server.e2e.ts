import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSoffice } from '../../api/office/pool';
import { bilingualDocx } from '../helpers/fixtures/office';
import { registerThroughUi, startHarness, uniqueUserId, type Harness } from './harness';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PATH = '/products/convert/word-to-pdf';

/**
 * The bilingual docx with an unreferenced, incompressible part: big enough (about 600 KB) for an
 * upload that takes a few seconds on a throttled link, while Word and LibreOffice ignore it.
 */
async function paddedDocx(): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await bilingualDocx());
  zip.file('customXml/padding.bin', randomBytes(600 * 1024), { compression: 'STORE' });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** Records every status (and progress text) a task row goes through, however briefly. */
async function recordTaskStates(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { taskStates: string[] }).taskStates = seen;
    new MutationObserver(() => {
      for (const row of document.querySelectorAll('[data-testid="convert-task"]')) {
        const entry = `${row.getAttribute('data-status')}|${row.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? ''}`;
        if (seen.at(-1) !== entry) seen.push(entry);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

describe.skipIf(!findSoffice())('convert journeys (server engine)', () => {
  let harness: Harness;
  let page: Page;

  beforeAll(async () => {
    harness = await startHarness({ office: true });
    ({ page } = await harness.open('/'));
    page.setDefaultTimeout(30_000);
    const userId = uniqueUserId('cvs');
    await registerThroughUi(page, { userId, email: `${userId}@example.com`, password: 'Convert-Passw0rd' });
  });
  afterAll(async () => harness?.close());

  it('uploads a docx with progress, survives leaving the page, and downloads the PDF', async () => {
    await page.goto(PATH);
    await page.getByRole('heading', { level: 1, name: 'Word to PDF' }).waitFor();
    await recordTaskStates(page);
    // A slow uplink, so the upload lasts long enough to be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 200 * 1024 });

    const docx = await paddedDocx();
    const started = Date.now();
    await page.getByTestId('convert-file-input').setInputFiles({ name: '季度报告 report.docx', mimeType: DOCX_MIME, buffer: docx });
    const task = page.getByTestId('convert-task').filter({ hasText: '季度报告 report.docx' });
    await expect(task.getByTestId('task-engine').textContent()).resolves.toBe('On our server, deleted after 3 hours');
    await task.and(page.locator('[data-status="uploading"]')).waitFor();
    await task.and(page.locator('[data-status="converting"], [data-status="success"]')).waitFor({ timeout: 30_000 });
    console.info(`[convert-server.e2e] upload of ${docx.length} bytes took ${Date.now() - started} ms`);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    const states = await page.evaluate(() => (window as unknown as { taskStates: string[] }).taskStates);
    const uploadProgress = states.filter((s) => s.startsWith('uploading|')).map((s) => Number(s.split('|')[1]));
    expect(uploadProgress.some((p) => p > 0 && p < 1), states.join(' ')).toBe(true);

    // Leave (a full page load elsewhere) while the server converts, then come back: the task is still there.
    console.info(`[convert-server.e2e] left the page with the task ${await task.getAttribute('data-status')}`);
    await page.goto('/pricing');
    await page.goto(PATH);
    const again = page.getByTestId('convert-task').filter({ hasText: '季度报告 report.docx' });
    await again.waitFor();
    await again.and(page.locator('[data-status="success"]')).waitFor({ timeout: 90_000 });
    console.info(`[convert-server.e2e] upload to success took ${Date.now() - started} ms`);

    const [download] = await Promise.all([page.waitForEvent('download'), again.getByRole('button', { name: /^Download/ }).click()]);
    expect(download.suggestedFilename()).toBe('季度报告 report.pdf');
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const [zipped] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download all (.zip)' }).click()]);
    const zip = await JSZip.loadAsync(await readFile(await zipped.path()));
    expect(Object.keys(zip.files)).toEqual(['季度报告 report.pdf']);
    expect((await zip.file('季度报告 report.pdf')!.async('nodebuffer')).equals(pdf)).toBe(true);
  });

  it('names the file and the reason when its content does not match its type', async () => {
    await page.goto(PATH);
    await page.getByTestId('convert-file-input').setInputFiles({ name: 'renamed.docx', mimeType: DOCX_MIME, buffer: Buffer.from('%PDF-1.7 not a word file') });
    const task = page.getByTestId('convert-task').filter({ hasText: 'renamed.docx' });
    await task.and(page.locator('[data-status="failed"]')).waitFor({ timeout: 30_000 });
    await expect(task.getByTestId('task-reason').textContent()).resolves.toContain('does not match its extension');
    await expect(task.getByRole('button', { name: /^Reconvert/ }).count()).resolves.toBe(1);
  });
});
