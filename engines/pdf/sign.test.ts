import { describe, expect, it } from 'vitest';
import { signOptionsSchema } from '@contracts/pdf-sign-options';
import type { SignOptions } from '@contracts/pdf-tools';
import { pngBytes, type Rgb } from '../../tests/helpers/fixtures/image-encoders';
import { pdfLibPdf } from '../../tests/helpers/fixtures/pdf-tool-inputs';
import { pdfImages, pdfPages, pdfPageTexts, qpdfCheck, renderPage } from '../../tests/helpers/pdf-tool-checks';
import { signPdf } from './sign';

/** Left half ink, right half paper: where the ink lands on the page tells the image's orientation. */
const halfInk = (w: number, h: number, ink: Rgb) => `data:image/png;base64,${pngBytes(w, h, (x) => (x < w / 2 ? ink : [255, 255, 255])).toString('base64')}`;
const SIGNATURE = halfInk(120, 40, [10, 10, 10]);
const INITIALS = halfInk(60, 30, [20, 20, 160]);

async function threePages() {
  // Page 3 is stored sideways (/Rotate 90): the box is read as the page is shown.
  const bytes = await pdfLibPdf([{ text: 'Page one' }, { text: 'Page two' }, { text: 'Page three', size: [595.28, 841.89], rotate: 90 }]);
  return { name: 'contract.pdf', bytes };
}

const dark = ([r, g, b]: [number, number, number]) => r + g + b < 300;

/** Share of dark pixels in a box given in shares of the shown page (pdftoppm at 72 dpi: one pixel a point). */
function inkIn(bytes: Uint8Array, page: number, box: { x: number; y: number; width: number; height: number }): number {
  const image = renderPage(bytes, page);
  const [x0, x1] = [Math.round(box.x * image.width), Math.round((box.x + box.width) * image.width)];
  const [y0, y1] = [Math.round(box.y * image.height), Math.round((box.y + box.height) * image.height)];
  let ink = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (dark(image.rgb(x, y))) ink++;
  return ink / Math.max(1, (x1 - x0) * (y1 - y0));
}

const box = { x: 0.5, y: 0.6, width: 0.3, height: 0.08 };
const leftHalf = (b: typeof box, inset = 0.1) => ({ x: b.x + b.width * inset, y: b.y + b.height * inset, width: b.width * (0.5 - 2 * inset), height: b.height * (1 - 2 * inset) });
const rightHalf = (b: typeof box, inset = 0.1) => ({ ...leftHalf(b, inset), x: b.x + b.width * (0.5 + inset) });
const initialsBox = { x: 0.85, y: 0.92, width: 0.1, height: 0.04 };

describe('signPdf', () => {
  it('puts the signature on the chosen pages, upright where it was placed, with the date and initials on every page', async () => {
    const options: SignOptions = {
      signature: SIGNATURE,
      placements: [
        { page: 2, ...box },
        { page: 3, ...box },
      ],
      initials: { image: INITIALS, ...initialsBox },
      date: '11/28/2026',
    };
    const out = await signPdf(await threePages(), signOptionsSchema.parse(options));
    expect(out.name).toBe('contract-signed.pdf');
    expect(qpdfCheck(out.bytes).status).toBe(0);
    expect(pdfPages(out.bytes).map((p) => p.rotation)).toEqual([0, 0, 90]);

    const images = pdfImages(out.bytes).filter((i) => i.type === 'image');
    const signaturePages = images.filter((i) => i.width === 120 && i.height === 40).map((i) => i.page);
    const initialsPages = images.filter((i) => i.width === 60 && i.height === 30).map((i) => i.page);
    console.log('signature on pages', signaturePages, 'initials on pages', initialsPages);
    expect(signaturePages).toEqual([2, 3]);
    expect(initialsPages).toEqual([1, 2, 3]);

    // The ink's left half in the box, paper on its right half, and nothing there on page 1.
    for (const page of [2, 3]) {
      const [left, right] = [inkIn(out.bytes, page, leftHalf(box)), inkIn(out.bytes, page, rightHalf(box))];
      console.log(`page ${page}: ink ${left.toFixed(2)} in the left half of the box, ${right.toFixed(2)} in the right`);
      expect(left).toBeGreaterThan(0.95);
      expect(right).toBeLessThan(0.02);
      // Just outside the box, above and to the left: untouched.
      expect(inkIn(out.bytes, page, { x: box.x - 0.05, y: box.y - 0.03, width: 0.04, height: 0.025 })).toBe(0);
      expect(inkIn(out.bytes, page, leftHalf(initialsBox))).toBeGreaterThan(0.9);
    }
    expect(inkIn(out.bytes, 1, leftHalf(box))).toBe(0);
    expect(inkIn(out.bytes, 1, leftHalf(initialsBox))).toBeGreaterThan(0.9);

    const texts = pdfPageTexts(out.bytes);
    expect(texts[0]).not.toContain('11/28/2026');
    expect(texts[1]).toContain('11/28/2026');
    expect(texts[2]).toContain('11/28/2026');
    // The date sits under the signature, inside the box's column.
    expect(inkIn(out.bytes, 2, { x: box.x, y: box.y + box.height, width: box.width, height: 0.02 })).toBeGreaterThan(0.01);
  });

  it('signs the same page twice and keeps a file with no initials or date plain', async () => {
    const out = await signPdf(await threePages(), {
      signature: SIGNATURE,
      placements: [
        { page: 1, x: 0, y: 0, width: 0.2, height: 0.05 },
        { page: 1, x: 0.7, y: 0.9, width: 0.3, height: 0.1 },
      ],
    });
    expect(qpdfCheck(out.bytes).status).toBe(0);
    expect(pdfImages(out.bytes).map((i) => i.page)).toEqual([1, 1]);
    expect(inkIn(out.bytes, 1, leftHalf({ x: 0.7, y: 0.9, width: 0.3, height: 0.1 }))).toBeGreaterThan(0.95);
  });

  it('refuses a page past the end', async () => {
    await expect(signPdf(await threePages(), { signature: SIGNATURE, placements: [{ page: 4, ...box }] })).rejects.toMatchObject({ name: 'PdfOptionsError', reason: 'pageOutOfRange', detail: '4' });
  });

  it('accepts only PNG signatures, boxes inside the page and a Latin-1 date', () => {
    const base = { signature: SIGNATURE, placements: [{ page: 1, ...box }] };
    expect(signOptionsSchema.safeParse(base).success).toBe(true);
    expect(signOptionsSchema.safeParse({ ...base, signature: 'data:image/png;base64,/9j/4AAQSkZJRg==' }).success).toBe(false);
    expect(signOptionsSchema.safeParse({ ...base, placements: [{ page: 1, ...box, x: 0.8 }] }).success).toBe(false);
    expect(signOptionsSchema.safeParse({ ...base, placements: [] }).success).toBe(false);
    expect(signOptionsSchema.safeParse({ ...base, date: '2026年11月28日' }).success).toBe(false);
    expect(signOptionsSchema.safeParse({ ...base, date: '2026/11/28' }).success).toBe(true);
  });
});
