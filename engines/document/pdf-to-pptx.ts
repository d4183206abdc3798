import type PptxGenJS from 'pptxgenjs';
import { renameExt, type ConvertOp } from './types';
import { analyzePdf } from './pdf-analyze';
import { recognisedOf } from './pdf-scan-page';
import { fillBehind } from './pdf-colors';
import type { PageImage, PdfPage } from './pdf-page-model';
import { toBase64 } from './pdf-markup';
import { addFills, addImages, addRules, pageBackgroundColor } from './pdf-pptx-shapes';
import { addTextBox } from './pdf-pptx-text';

const POINTS_PER_INCH = 72;
/** Backgrounds are rendered about this many pixels along the page's long side. */
const BACKGROUND_PIXELS = 1600;

function addPageSlide(pptx: PptxGenJS, page: PdfPage, background: Uint8Array | null, slide: { w: number; h: number }): void {
  const s = pptx.addSlide();
  const scale = Math.min(slide.w / page.width, slide.h / page.height);
  const fit = { scale, dx: (slide.w - page.width * scale) / 2, dy: (slide.h - page.height * scale) / 2, slideW: slide.w, slideH: slide.h };
  const colour = pageBackgroundColor(page.fills, page);
  // A rendered page holds the vector shapes and fills; without one they are drawn as shapes.
  if (background) s.background = { data: `image/png;base64,${toBase64(background)}` };
  else {
    if (colour) s.background = { color: colour };
    addFills(pptx, s, page.fills, page, fit);
    addRules(pptx, s, page.rules ?? [], fit);
  }
  addImages(s, pageImages(page), fit);
  for (const block of page.blocks) {
    // Light text stays light where its background is there to carry it.
    const keepColours = Boolean(background) || Boolean(colour) || Boolean(fillBehind(page.fills, block, page));
    // A table's cells each keep their own place; a text block is one box.
    if (block.table) for (const line of block.lines) addTextBox(s, [line], fit, keepColours);
    else if (block.lines.length) addTextBox(s, block.lines, fit, keepColours);
  }
}

function pageImages(page: PdfPage): PageImage[] {
  return page.flow.flatMap((f) => (f.kind === 'image' ? [f.image] : []));
}

/**
 * PDF → PowerPoint: a slide per page at the page's aspect ratio; its images as pictures; its
 * vector drawing rendered as the slide background when the caller can render (else its filled
 * boxes and lines as shapes and a page-covering colour as the background); its text as editable text
 * boxes, one per block, where the text was.
 */
export const pdfToPptx: ConvertOp = async (input, opts = {}) => {
  const backgrounds = new Map<number, Uint8Array | null>();
  const model = await analyzePdf(input.bytes, {
    ...opts,
    images: true,
    progressShare: 0.85,
    onPage: async (page, analysed) => {
      if (!opts.renderPage) return;
      const scale = Math.min(3, Math.max(1, BACKGROUND_PIXELS / Math.max(analysed.width, analysed.height)));
      // A scanned page's recognised text is on the slide: the scan is not drawn under it again.
      const skipImages = new Set([...pageImages(analysed).map((i) => i.objId), ...(analysed.scanImages ?? [])]);
      backgrounds.set(analysed.number, await opts.renderPage(page, scale, { skipImages }).catch(() => null));
    },
  });
  const mod = await import('pptxgenjs');
  const Pptx = mod.default;
  const pptx = new Pptx();
  const first = model.pages[0] ?? { width: 720, height: 405 };
  pptx.defineLayout({ name: 'PDF', width: first.width / POINTS_PER_INCH, height: first.height / POINTS_PER_INCH });
  pptx.layout = 'PDF';
  pptx.title = input.name.replace(/\.[^./\\]+$/, '');
  for (const page of model.pages) addPageSlide(pptx, page, backgrounds.get(page.number) ?? null, { w: first.width, h: first.height });
  if (model.pages.length === 0) pptx.addSlide();
  const written = await pptx.write({ outputType: 'uint8array', compression: true });
  const bytes = written instanceof Uint8Array ? written : new Uint8Array(written as ArrayBuffer);
  opts.onProgress?.(1);
  return { name: renameExt(input.name, 'pptx'), mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', bytes, ...recognisedOf(model) };
};
