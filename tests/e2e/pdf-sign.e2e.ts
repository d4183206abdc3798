import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes } from '../helpers/fixtures/image-encoders';
import { pdfImages, pdfPageTexts, pdfPages, qpdfCheck, renderPage } from '../helpers/pdf-tool-checks';
import { startHarness, type Harness } from './harness';
import { labelledPdf as labelledTopPdf, newToolUser as newUser, recordPosts, runAndDownload } from './pdf-tool-journey';

/** Sign (issue 30): a signature drawn or typed on the device, placed on a page, written by pdf-lib in the worker; read back by qpdf and poppler. */

/** Text near the top of the page, clear of where a signature is placed. */
const labelledPdf = (label: string, pages: number) => labelledTopPdf(label, pages, { textY: 360 });

function expectNoUpload(posts: Request[]): void {
  expect(posts.map((r) => new URL(r.url()).pathname)).not.toContain('/api/v1/document/submit');
  for (const request of posts) {
    const body = request.postDataBuffer() ?? Buffer.alloc(0);
    expect(body.length, request.url()).toBeLessThan(4096);
    // Neither the PDF nor the signature (a PNG, base64 or raw) goes anywhere.
    for (const mark of ['%PDF-', 'iVBORw0KGgo', Buffer.from('89504e47', 'hex')]) expect(body.includes(mark), `${mark.toString()} in ${request.url()}`).toBe(false);
  }
  expect(posts.find((r) => new URL(r.url()).pathname === '/api/v1/document/convert')?.postDataJSON()).toMatchObject({ convertType: 'pdf-sign', engine: 'browser' });
}

/** The first signature box as shares of the shown page. */
const boxShares = (page: Page) =>
  page.evaluate(() => {
    const stage = document.querySelector('[data-testid="sign-stage"] img')!.getBoundingClientRect();
    const box = document.querySelector('[data-testid="sign-box"]')!.getBoundingClientRect();
    return { x: (box.left - stage.left) / stage.width, y: (box.top - stage.top) / stage.height, width: box.width / stage.width, height: box.height / stage.height };
  });

/** Pixels that are not paper inside a box (shares) of a page rendered by pdftoppm. */
function inkIn(bytes: Uint8Array, pageNo: number, box: { x: number; y: number; width: number; height: number }): number {
  const image = renderPage(bytes, pageNo);
  let ink = 0;
  for (let y = Math.ceil(box.y * image.height); y < Math.floor((box.y + box.height) * image.height); y++)
    for (let x = Math.ceil(box.x * image.width); x < Math.floor((box.x + box.width) * image.width); x++) if (image.rgb(x, y).reduce((a, b) => a + b) < 600) ink++;
  return ink;
}

describe('Sign PDF journeys', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ registrations: 10 });
  }, 900_000);
  afterAll(async () => harness?.close());

  it('draws a signature, places it on page 2 with the date, signs on the device and remembers the signature (en)', async () => {
    const page = await newUser(harness, 'sgn');
    const posts = recordPosts(page);
    await page.goto('/products/pdf/pdf-sign');
    await page.getByRole('heading', { level: 1, name: 'Sign PDF' }).waitFor();

    // A zigzag drawn with the mouse on the pad.
    const pad = (await page.getByTestId('sign-pad').boundingBox())!;
    await page.mouse.move(pad.x + 30, pad.y + 120);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(pad.x + 30 + i * 20, pad.y + (i % 2 ? 40 : 130), { steps: 4 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Use this signature' }).click();
    await page.getByTestId('sign-current').waitFor();

    await page.getByTestId('pdf-file-input').setInputFiles([{ name: 'deal.pdf', mimeType: 'application/pdf', buffer: await labelledPdf('Deal', 3) }]);
    await page.locator('[data-testid="sign-page-thumb"][data-page="2"]').click();
    await page.getByRole('img', { name: 'Page 2', exact: true }).waitFor();
    await page.getByTestId('sign-add').click();
    const box = page.getByTestId('sign-box');
    // Moved with the mouse, then with the keyboard (arrows move, Shift+arrows resize).
    await box.scrollIntoViewIfNeeded();
    const start = await boxShares(page);
    const at = (await box.boundingBox())!;
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.down();
    await page.mouse.move(at.x + at.width / 2 - 60, at.y + at.height / 2 - 40, { steps: 5 });
    await page.mouse.up();
    await box.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+ArrowRight');
    const placed = await boxShares(page);
    console.log('box from', start, 'to', placed);
    expect(placed.x).toBeLessThan(start.x - 0.1);
    expect(placed.width).toBeGreaterThan(start.width);
    await page.getByTestId('sign-summary').getByText('1 signature, on page 2').waitFor();

    await page.getByTestId('sign-with-date').click();
    await page.getByTestId('sign-date').fill('2026-11-28');
    const { name, bytes } = await runAndDownload(page, 'Sign PDF');
    expect(name).toBe('deal-signed.pdf');
    expect(qpdfCheck(bytes).status).toBe(0);
    expect(pdfPages(bytes)).toHaveLength(3);
    expect(pdfImages(bytes).filter((i) => i.type === 'image').map((i) => i.page)).toEqual([2]);
    const texts = pdfPageTexts(bytes);
    expect(texts[1]).toContain('2026-11-28');
    expect(texts[0]).not.toContain('2026-11-28');
    const ink = inkIn(bytes, 2, placed);
    console.log('ink pixels in the box on page 2:', ink, 'on page 1:', inkIn(bytes, 1, placed));
    expect(ink).toBeGreaterThan(30);
    expect(inkIn(bytes, 1, placed)).toBe(0);
    expectNoUpload(posts);

    // Remembered on this device, then forgotten.
    await page.reload();
    await page.getByTestId('sign-current').waitFor();
    await page.getByTestId('sign-forget').click();
    await page.reload();
    await page.getByRole('tab', { name: 'Draw' }).waitFor();
    expect(await page.getByTestId('sign-current').count()).toBe(0);
    await expect(page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('sign')))).resolves.toEqual([]);

    // Typing a Latin name draws it in the shipped handwriting font.
    const fonts: string[] = [];
    page.on('request', (r) => /\.woff2?$/.test(r.url()) && fonts.push(new URL(r.url()).pathname));
    await page.getByRole('tab', { name: 'Type' }).click();
    await page.getByTestId('sign-type-name').fill('Jane Doe');
    await expect.poll(() => page.getByTestId('sign-typed-preview').evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(40);
    expect(fonts.some((f) => f.includes('dancing-script'))).toBe(true);

    // An uploaded scan: its white paper made clear and cut away, leaving the 100 x 20 stroke and a margin.
    await page.getByRole('tab', { name: 'Upload' }).click();
    const scan = pngBytes(200, 100, (x, y) => (x >= 50 && x < 150 && y >= 40 && y < 60 ? [0, 0, 0] : [255, 255, 255]));
    await page.getByTestId('sign-upload-input').setInputFiles([{ name: 'scan.png', mimeType: 'image/png', buffer: scan }]);
    const uploaded = page.getByRole('img', { name: 'Your uploaded signature' });
    await expect.poll(() => uploaded.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([116, 36]);
  });

  it('types a Chinese name in the shipped brush font and signs at phone width (zh)', async () => {
    const page = await newUser(harness, 'sgnz');
    const posts = recordPosts(page);
    const fonts: string[] = [];
    page.on('request', (r) => /\.woff2?$/.test(new URL(r.url()).pathname) && fonts.push(new URL(r.url()).pathname));
    await page.getByTestId('language-toggle').first().click();
    await page.getByRole('link', { name: '价格' }).first().waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/products/pdf/pdf-sign');
    await page.getByRole('heading', { level: 1, name: 'PDF 签名' }).waitFor();

    await page.getByRole('tab', { name: '输入' }).click();
    await page.getByTestId('sign-type-name').fill('张伟');
    const typed = page.getByTestId('sign-typed-preview');
    await expect.poll(() => typed.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(40);
    console.log('font files fetched:', fonts);
    expect(fonts.some((f) => f.includes('ma-shan-zheng'))).toBe(true);
    await page.getByRole('button', { name: '使用这个签名' }).click();

    await page.getByTestId('pdf-file-input').setInputFiles([{ name: '合同.pdf', mimeType: 'application/pdf', buffer: await labelledPdf('He', 2) }]);
    await page.getByRole('img', { name: '第 1 页', exact: true }).waitFor();
    await page.getByTestId('sign-add').click();
    await page.getByTestId('sign-summary').getByText('共 1 个签名，位于第 1 页').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const placed = await boxShares(page);

    const { name, bytes } = await runAndDownload(page, '签署 PDF');
    expect(name).toBe('合同-signed.pdf');
    expect(qpdfCheck(bytes).status).toBe(0);
    expect(pdfImages(bytes).filter((i) => i.type === 'image').map((i) => i.page)).toEqual([1]);
    expect(inkIn(bytes, 1, placed)).toBeGreaterThan(30);
    expectNoUpload(posts);
  });
});
