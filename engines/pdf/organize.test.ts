import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../tests/helpers/fixtures/pdfs';
import { pdfkitPdf, pdfLibPdf } from '../../tests/helpers/fixtures/pdf-tool-inputs';
import { pageAnnotations, pdfPages, pdfPageTexts, qpdfCheck } from '../../tests/helpers/pdf-tool-checks';
import type { ConvertInput } from '@engines/document/types';
import { organizePdf } from './organize';

async function fourPages(): Promise<ConvertInput> {
  const bytes = await pdfLibPdf([
    { text: 'First page' },
    { text: 'Second page', size: [612, 792], rotate: 90 },
    { text: 'Third page', size: [400, 300] },
    { text: 'Fourth page' },
  ]);
  return { name: 'deck.pdf', bytes };
}

describe('organizePdf', () => {
  it('reorders, turns, duplicates and deletes pages in one go', async () => {
    const out = await organizePdf(await fourPages(), {
      pages: [
        { page: 3, rotate: 0 },
        { page: 1, rotate: 90 },
        { page: 2, rotate: 270 },
        { page: 1, rotate: 180 },
      ],
    });
    expect(out.name).toBe('deck.pdf');
    expect(qpdfCheck(out.bytes).status).toBe(0);
    // The fourth page is gone; the first comes twice, each copy turned its own way.
    expect(pdfPageTexts(out.bytes)).toEqual(['Third page', 'First page', 'Second page', 'First page']);
    expect(pdfPages(out.bytes)).toEqual([
      { width: 400, height: 300, rotation: 0 },
      { width: 595.28, height: 841.89, rotation: 90 },
      // 90 already on the page + 270 = 360, which is upright again.
      { width: 612, height: 792, rotation: 0 },
      { width: 595.28, height: 841.89, rotation: 180 },
    ]);
  });

  it('adds a turn to the rotation a page already has', async () => {
    const out = await organizePdf(await fourPages(), { pages: [{ page: 2, rotate: 180 }] });
    expect(pdfPages(out.bytes)).toEqual([{ width: 612, height: 792, rotation: 270 }]);
  });

  it('reorders a pdfkit file', async () => {
    const input = { name: 'letters.pdf', bytes: await pdfkitPdf(['Apple text', 'Banana text', 'Cherry text']) };
    const out = await organizePdf(input, { pages: [{ page: 3, rotate: 0 }, { page: 2, rotate: 0 }, { page: 1, rotate: 0 }] });
    expect(qpdfCheck(out.bytes).status).toBe(0);
    expect(pdfPageTexts(out.bytes)).toEqual(['Cherry text', 'Banana text', 'Apple text']);
  });

  it('gives each copy of a repeated page its own link annotation', async () => {
    const bytes = await renderPdf((doc) => {
      doc.text('Page with a link');
      doc.link(72, 72, 100, 20, 'https://example.com/');
    });
    const out = await organizePdf({ name: 'links.pdf', bytes }, { pages: [{ page: 1, rotate: 0 }, { page: 1, rotate: 90 }] });
    expect(qpdfCheck(out.bytes).status).toBe(0);
    const [first, second] = pageAnnotations(out.bytes);
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(second).not.toEqual(first);
  });

  it('refuses a page past the end and page 0', async () => {
    const input = await fourPages();
    await expect(organizePdf(input, { pages: [{ page: 1, rotate: 0 }, { page: 5, rotate: 0 }] })).rejects.toMatchObject({ name: 'PdfOptionsError', reason: 'pageOutOfRange', detail: '5' });
    await expect(organizePdf(input, { pages: [{ page: 0, rotate: 90 }] })).rejects.toMatchObject({ reason: 'pageOutOfRange', detail: '0' });
  });

  it('refuses an empty page list', async () => {
    await expect(organizePdf(await fourPages(), { pages: [] })).rejects.toMatchObject({ reason: 'noPages' });
  });
});
