import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { CHINESE, chinesePdf, REPORT, reportPdf, twoColumnPdf } from '../../tests/helpers/fixtures/pdfs';
import { readCorpus, readPptx } from '../../tests/helpers/read-pdf-results';
import { wordRecall } from '../../tests/helpers/word-similarity';
import { renderPageWithoutText } from './pdf-render-page';
import { pdfToPptx } from './pdf-to-pptx';

const EMU_PER_POINT = 12700;

/** Node stands in for the worker's OffscreenCanvas with @napi-rs/canvas. */
const renderPage = (page: unknown, scale: number) => renderPageWithoutText(page, scale, (w, h) => createCanvas(w, h));

async function slides(bytes: Uint8Array, withBackground = false) {
  const out = await pdfToPptx({ name: 'deck.pdf', bytes }, withBackground ? { renderPage } : {});
  expect(out.name).toBe('deck.pptx');
  return readPptx(out.bytes);
}

describe('pdfToPptx', () => {
  it('makes one slide per page, the slide the size of the page', async () => {
    const deck = await slides(await reportPdf());
    expect(deck.slides).toHaveLength(2);
    expect(deck.size).toEqual({ cx: Math.round((595.28 / 72) * 914400), cy: Math.round((841.89 / 72) * 914400) });
  });

  it('holds the page text as editable text boxes, one per block, where the text was', async () => {
    const deck = await slides(await reportPdf());
    const expected = [REPORT.title, REPORT.section1, REPORT.intro, ...REPORT.bullets].join(' ');
    expect(wordRecall(deck.slides[0]!, expected)).toBe(1);
    expect(deck.slides[1]).toContain('$1,250,000.00');
    const title = /<p:sp>(?:(?!<\/p:sp>)[\s\S])*?<a:off x="(\d+)" y="(\d+)"\/>(?:(?!<\/p:sp>)[\s\S])*?Quarterly Harbour Report/.exec(deck.xml[0]!);
    expect(Number(title![1]) / EMU_PER_POINT).toBeCloseTo(72, 0);
    expect(deck.xml[0]).toContain('<p:txBody>');
    expect(deck.xml[0]).not.toContain('<p:pic>');
  });

  it('keeps Chinese text', async (ctx) => {
    const pdf = chinesePdf();
    if (!pdf) {
      console.warn('[skip] fonts-noto-cjk is not installed; the Chinese PDF → PPT check is skipped.');
      return ctx.skip();
    }
    const deck = await slides(await pdf);
    expect(deck.slides[0]).toContain(CHINESE.heading);
    expect(deck.slides[0]!.replace(/\n/g, '')).toContain(CHINESE.paragraphs[0]);
  });

  it('puts the rendered page behind the text when a renderer is given', async () => {
    const deck = await slides(await reportPdf(), true);
    expect(deck.xml[0]).toMatch(/<p:bg>[\s\S]*<a:blip r:embed=/);
    expect(deck.slides[0]).toContain(REPORT.title);
  });

  it('renders the background without the text, so the text boxes are not doubled', async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: await twoColumnPdf() }).promise;
    const png = await renderPageWithoutText(await doc.getPage(1), 1, (w, h) => createCanvas(w, h));
    const image = await loadImage(Buffer.from(png!));
    const canvas = createCanvas(image.width, image.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    const { data } = ctx.getImageData(0, 0, image.width, image.height);
    expect(data.every((v) => v === 255)).toBe(true);
    await doc.destroy();
  });

  it('invoice_multipage.pdf: three slides holding the invoice text', async (ctx) => {
    const pdf = readCorpus('invoice_multipage.pdf');
    if (!pdf) return ctx.skip();
    const deck = await slides(pdf);
    expect(deck.slides).toHaveLength(3);
    expect(deck.slides[0]).toContain('GRAND TOTAL');
    expect(deck.slides[2]).toContain('preliminary estimate');
  });
});
