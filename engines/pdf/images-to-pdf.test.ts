import { describe, expect, it } from 'vitest';
import { gifBytes, pngBytes, withExifOrientation } from '../../tests/helpers/fixtures/image-encoders';
import { jpegBytes } from '../../tests/helpers/fixtures/pdf-tool-inputs';
import { pdfImages, pdfPages, qpdfCheck, renderPage } from '../../tests/helpers/pdf-tool-checks';
import type { ImageToPdfOptions } from '@contracts/pdf-tools';
import { imagesToPdf } from './images-to-pdf';

const A4_AUTO: ImageToPdfOptions = { pageSize: 'a4', orientation: 'auto', marginMm: 10 };

/** The quadrant pattern's colours (tests/helpers/fixtures/image-encoders.ts) and white paper. */
const COLOURS = { red: [235, 75, 75], green: [75, 175, 95], blue: [65, 105, 225], yellow: [250, 205, 55], white: [255, 255, 255] } as const;

function colourAt(render: ReturnType<typeof renderPage>, x: number, y: number): string {
  const [r, g, b] = render.rgb(Math.round(x), Math.round(y));
  const distance = ([cr, cg, cb]: readonly number[]) => Math.hypot(r - (cr ?? 0), g - (cg ?? 0), b - (cb ?? 0));
  return Object.entries(COLOURS).sort(([, a], [, c]) => distance(a) - distance(c))[0]![0];
}

describe('imagesToPdf', () => {
  it('puts a JPEG and a PNG on A4 pages turned to suit each, the JPEG bytes embedded unchanged', async () => {
    const jpeg = jpegBytes(400, 200);
    const png = new Uint8Array(pngBytes(100, 300));
    const out = await imagesToPdf([{ name: 'wide.jpg', bytes: jpeg }, { name: 'tall.png', bytes: png }], A4_AUTO);
    expect(out.name).toBe('images.pdf');
    expect(qpdfCheck(out.bytes).status).toBe(0);
    expect(pdfPages(out.bytes)).toEqual([
      { width: 841.89, height: 595.28, rotation: 0 },
      { width: 595.28, height: 841.89, rotation: 0 },
    ]);
    expect(pdfImages(out.bytes)).toEqual([
      { page: 1, type: 'image', width: 400, height: 200, enc: 'jpeg' },
      { page: 2, type: 'image', width: 100, height: 300, enc: 'image' },
    ]);
    expect(Buffer.from(out.bytes).indexOf(Buffer.from(jpeg))).toBeGreaterThan(0);
  });

  it('scales the picture to fit inside the margins and centres it', async () => {
    const out = await imagesToPdf([{ name: 'wide.jpg', bytes: jpegBytes(400, 200) }], A4_AUTO);
    const page = renderPage(out.bytes, 1);
    // pdftoppm rounds a page's size up or down by a pixel.
    expect(page.width).toBeCloseTo(842, -1);
    expect(page.height).toBeCloseTo(595, -1);
    // 10 mm = 28.35 pt each side: the width fills 28.35..813.54; height 392.6, centred from y 101.3.
    expect(colourAt(page, 20, 297)).toBe('white');
    expect(colourAt(page, 34, 297)).not.toBe('white');
    expect(colourAt(page, 808, 297)).not.toBe('white');
    expect(colourAt(page, 822, 297)).toBe('white');
    expect(colourAt(page, 420, 95)).toBe('white');
    expect(colourAt(page, 420, 500)).toBe('white');
    expect(colourAt(page, 200, 150)).toBe('red');
    expect(colourAt(page, 640, 150)).toBe('green');
    expect(colourAt(page, 200, 450)).toBe('blue');
    expect(colourAt(page, 640, 450)).toBe('yellow');
  });

  it('keeps a chosen orientation and Letter size, the picture shrunk to the width', async () => {
    const out = await imagesToPdf([{ name: 'wide.png', bytes: new Uint8Array(pngBytes(400, 200)) }], { pageSize: 'letter', orientation: 'portrait', marginMm: 0 });
    expect(out.name).toBe('wide.pdf');
    expect(pdfPages(out.bytes)).toEqual([{ width: 612, height: 792, rotation: 0 }]);
    const page = renderPage(out.bytes, 1);
    // 612 wide, 306 high, centred: from y 243 to 549.
    expect(colourAt(page, 3, 250)).toBe('red');
    expect(colourAt(page, 608, 545)).toBe('yellow');
    expect(colourAt(page, 306, 236)).toBe('white');
    expect(colourAt(page, 306, 556)).toBe('white');
  });

  it('with fit, makes each page the picture size, one pixel to one point', async () => {
    const out = await imagesToPdf(
      [
        { name: 'a.jpg', bytes: jpegBytes(320, 240) },
        { name: 'b.png', bytes: new Uint8Array(pngBytes(90, 160)) },
      ],
      { pageSize: 'fit', orientation: 'auto', marginMm: 10 },
    );
    expect(qpdfCheck(out.bytes).status).toBe(0);
    expect(pdfPages(out.bytes)).toEqual([
      { width: 320, height: 240, rotation: 0 },
      { width: 90, height: 160, rotation: 0 },
    ]);
    const page = renderPage(out.bytes, 2);
    expect(colourAt(page, 2, 2)).toBe('red');
    expect(colourAt(page, 87, 157)).toBe('yellow');
  });

  it('shows a JPEG upright as its EXIF orientation asks', async () => {
    // Stored 200 x 100; orientation 6 means turn 90° clockwise to view, so it stands 100 x 200.
    const jpeg = new Uint8Array(withExifOrientation(Buffer.from(jpegBytes(200, 100)), 6));
    const out = await imagesToPdf([{ name: 'phone.jpg', bytes: jpeg }], { pageSize: 'fit', orientation: 'auto', marginMm: 0 });
    expect(pdfPages(out.bytes)).toEqual([{ width: 100, height: 200, rotation: 0 }]);
    const page = renderPage(out.bytes, 1);
    // Turned clockwise, the stored bottom-left (blue) comes to the top left, top-left (red) to the top right.
    expect(colourAt(page, 20, 40)).toBe('blue');
    expect(colourAt(page, 80, 40)).toBe('red');
    expect(colourAt(page, 20, 160)).toBe('yellow');
    expect(colourAt(page, 80, 160)).toBe('green');
  });

  it('refuses other image types and damaged images as unreadable', async () => {
    const gif = new Uint8Array(gifBytes(20, 20));
    await expect(imagesToPdf([{ name: 'a.gif', bytes: gif }], A4_AUTO)).rejects.toMatchObject({ name: 'EngineError', reason: 'unreadable' });
    const brokenPng = new Uint8Array(Buffer.concat([pngBytes(20, 20).subarray(0, 8), Buffer.from('not a png body')]));
    await expect(imagesToPdf([{ name: 'b.png', bytes: brokenPng }], A4_AUTO)).rejects.toMatchObject({ reason: 'unreadable', message: expect.stringContaining('b.png') });
  });

  it('reports progress per image and stops once aborted', async () => {
    const inputs = [1, 2, 3].map((n) => ({ name: `${n}.png`, bytes: new Uint8Array(pngBytes(10 * n, 10)) }));
    const seen: number[] = [];
    await imagesToPdf(inputs, A4_AUTO, { onProgress: (f) => seen.push(f) });
    expect(seen).toEqual([0.25, 0.5, 0.75, 1]);
    const controller = new AbortController();
    controller.abort();
    await expect(imagesToPdf(inputs, A4_AUTO, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
