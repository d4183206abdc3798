import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { CHINESE, chinesePdf, REPORT, reportPdf, twoColumnPdf } from '../../tests/helpers/fixtures/pdfs';
import { ledgerPdf, SLIDE, slidePdf, spreadPdf } from '../../tests/helpers/fixtures/table-pdfs';
import { missingWords, pdfPageWords, textBoxes } from '../../tests/helpers/pdf-words';
import { CORPUS_DIR, readCorpus } from '../../tests/helpers/corpus';
import { readPptx } from '../../tests/helpers/read-pdf-results';
import { wordRecall, wordTokens } from '../../tests/helpers/word-similarity';
import { readdirSync } from 'node:fs';
import { renderPageWithoutText } from './pdf-render-page';
import { pdfToPptx } from './pdf-to-pptx';

const EMU_PER_POINT = 12700;

/** Node stands in for the worker's OffscreenCanvas with @napi-rs/canvas. */
const renderPage = (page: unknown, scale: number, options?: { skipImages?: ReadonlySet<string> }) =>
  renderPageWithoutText(page, scale, { ...options, createCanvas: (w, h) => createCanvas(w, h) });

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
    const png = await renderPageWithoutText(await doc.getPage(1), 1, { createCanvas: (w, h) => createCanvas(w, h) });
    const image = await loadImage(Buffer.from(png!));
    const canvas = createCanvas(image.width, image.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    const { data } = ctx.getImageData(0, 0, image.width, image.height);
    expect(data.every((v) => v === 255)).toBe(true);
    await doc.destroy();
  });

  it('invoice_multipage.pdf: three slides holding the invoice text', async () => {
    const pdf = readCorpus('invoice_multipage.pdf');
    const deck = await slides(pdf);
    expect(deck.slides).toHaveLength(3);
    expect(deck.slides[0]).toContain('GRAND TOTAL');
    expect(deck.slides[2]).toContain('preliminary estimate');
  });
});

/** A small picture for the slide fixture: a blue-to-green gradient. */
async function gradientPng(): Promise<Buffer> {
  const canvas = createCanvas(64, 48);
  const ctx = canvas.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 0, 64, 0);
  gradient.addColorStop(0, '#2060C0');
  gradient.addColorStop(1, '#20C060');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, 64, 48);
  return canvas.encode('png');
}

/** Every word of each PDF page is on its slide, and every text box lies inside the slide. */
async function expectFaithfulDeck(pdf: Uint8Array, label: string): Promise<void> {
  const deck = await slides(pdf);
  const pages = await pdfPageWords(pdf);
  expect(deck.slides).toHaveLength(pages.length);
  pages.forEach((words, i) => {
    expect(words.length).toBeGreaterThan(0);
    expect(missingWords(words, wordTokens(deck.slides[i]!)), `${label}, slide ${i + 1}`).toEqual([]);
    for (const b of textBoxes(deck.xml[i]!)) {
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(b.x + b.cx).toBeLessThanOrEqual(deck.size!.cx + 1);
      expect(b.y + b.cy).toBeLessThanOrEqual(deck.size!.cy + 1);
    }
  });
}

describe('pdfToPptx: every word, inside the slide, with pictures, shapes and background', () => {
  it('the word check fails on a lost word, counts repeats, and accepts a superscript set against its word', () => {
    expect(missingWords(['a', '2', 'plus', 'b'], ['a2', 'plus'])).toEqual(['b']);
    expect(missingWords(['tide', 'tide'], ['tide'])).toEqual(['tide']);
  });

  it.each([
    ['report', reportPdf],
    ['two columns', twoColumnPdf],
    ['ledger tables', ledgerPdf],
    ['landscape spread', spreadPdf],
  ])('%s: every word of the PDF on its slide, every text box inside the slide', async (name, make) => {
    await expectFaithfulDeck(await make(), name);
  });

  it('keeps a picture as a picture, the page colour as the slide background, bars as shapes, light text light', async () => {
    const deck = await slides(await slidePdf(await gradientPng()));
    const xml = deck.xml[0]!;
    expect(xml).toMatch(/<p:bg>[\s\S]*<a:srgbClr val="1F3A5F"/);
    expect(xml.match(/<p:pic>/g)).toHaveLength(1);
    const pic = /<p:pic>[\s\S]*?<a:off x="(\d+)" y="(\d+)"\/>\s*<a:ext cx="(\d+)" cy="(\d+)"\/>/.exec(xml)!;
    expect(pic.slice(1).map((v) => Math.round(Number(v) / EMU_PER_POINT))).toEqual([560, 170, 320, 240]);
    expect(xml).toMatch(/<a:prstGeom prst="rect">[\s\S]*?<a:srgbClr val="FFFFFF"/);
    expect(xml).toMatch(/<a:solidFill><a:srgbClr val="FFFFFF"\/><\/a:solidFill>[\s\S]*?<a:t>Tide Tables Explained/);
    expect(wordRecall(deck.slides[0]!, [SLIDE.title, ...SLIDE.points, SLIDE.caption].join(' '))).toBe(1);
  });

  it('without a renderer, draws the ruled table borders as lines; with one, leaves them to the background', async () => {
    const plain = await slides(await reportPdf());
    expect(plain.xml[0]!.match(/<a:prstGeom prst="line">/g)?.length).toBeGreaterThanOrEqual(7);
    const rendered = await slides(await reportPdf(), true);
    expect(rendered.xml[0]).not.toContain('<a:prstGeom prst="line">');
  });

  it('with a renderer: the circle is in the rendered background, the picture is not painted twice', async () => {
    const deck = await slides(await slidePdf(await gradientPng()), true);
    const xml = deck.xml[0]!;
    expect(xml.match(/<p:pic>/g)).toHaveLength(1);
    const zip = await (await import('jszip')).default.loadAsync((await pdfToPptx({ name: 's.pdf', bytes: await slidePdf(await gradientPng()) }, { renderPage })).bytes);
    const rels = await zip.file('ppt/slides/_rels/slide1.xml.rels')!.async('string');
    const bgId = /<p:bg>[\s\S]*?r:embed="(rId\d+)"/.exec(xml)![1]!;
    const target = new RegExp(`Id="${bgId}"[^>]*Target="\\.\\./media/([^"]+)"`).exec(rels)![1]!;
    const image = await loadImage(await zip.file(`ppt/media/${target}`)!.async('nodebuffer'));
    const canvas = createCanvas(image.width, image.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    const k = image.width / 960;
    const pixel = (x: number, y: number) => Array.from(ctx.getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data.slice(0, 3));
    expect(pixel(860, 90)).toEqual([0xf2, 0xa5, 0x41]);
    // Where the picture was drawn, the background shows the page colour only.
    expect(pixel(720, 290)).toEqual([0x1f, 0x3a, 0x5f]);
  });

  it('the shared corpus PDFs: every word on its slide, every text box inside the slide', async () => {
    const files = readdirSync(CORPUS_DIR).filter((f) => f.endsWith('.pdf'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) await expectFaithfulDeck(readCorpus(file), file);
  }, 240_000);
});
