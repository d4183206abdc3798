import type PptxGenJS from 'pptxgenjs';
import type { Fill, Rule } from './pdf-paths';
import type { PageImage } from './pdf-page-model';
import { toBase64 } from './pdf-markup';
import type { Fit } from './pdf-pptx-text';

const POINTS_PER_INCH = 72;

/** A fill covering this much of the page is the page's background colour. */
const BACKGROUND_SHARE = 0.9;

function box(fit: Fit, b: { x: number; y: number; w: number; h: number }) {
  const inch = (v: number) => v / POINTS_PER_INCH;
  return { x: inch(fit.dx + b.x * fit.scale), y: inch(fit.dy + b.y * fit.scale), w: inch(b.w * fit.scale), h: inch(b.h * fit.scale) };
}

/** The colour of a fill that covers (nearly) the whole page, if there is one: the page's background. */
export function pageBackgroundColor(fills: Fill[], page: { width: number; height: number }): string | null {
  const covering = fills.filter((f) => f.w * f.h >= BACKGROUND_SHARE * page.width * page.height);
  return covering.at(-1)?.color ?? null;
}

/** The page's filled rectangles (bars, boxes, cell shading) as editable rectangles, in drawing order. */
export function addFills(pptx: PptxGenJS, slide: PptxGenJS.Slide, fills: Fill[], page: { width: number; height: number }, fit: Fit): void {
  for (const fill of fills) {
    if (fill.w * fill.h >= BACKGROUND_SHARE * page.width * page.height) continue;
    slide.addShape(pptx.ShapeType.rect, { ...box(fit, fill), fill: { color: fill.color }, line: { type: 'none' } });
  }
}

/** The page's images as pictures of their own, where and as large as they were drawn. */
export function addImages(slide: PptxGenJS.Slide, images: PageImage[], fit: Fit): void {
  for (const image of images) {
    slide.addImage({ data: `image/png;base64,${toBase64(image.image.png)}`, ...box(fit, image) });
  }
}

/** The page's horizontal and vertical lines (table borders, underlines) as editable lines, in black. */
export function addRules(pptx: PptxGenJS, slide: PptxGenJS.Slide, rules: Rule[], fit: Fit): void {
  for (const rule of rules) {
    const length = rule.to - rule.from;
    const b = rule.orientation === 'h' ? { x: rule.from, y: rule.at, w: length, h: 0 } : { x: rule.at, y: rule.from, w: 0, h: length };
    // Rules carry no colour or width in the page model; a hairline is the common case.
    slide.addShape(pptx.ShapeType.line, { ...box(fit, b), line: { color: '000000', width: 0.75 } });
  }
}
