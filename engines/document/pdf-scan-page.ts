import type { PageGraphics } from './pdf-graphics';
import { keptWords, meanConfidence, ocrTextRuns } from './pdf-ocr-runs';
import { parseTesseractTsv } from './pdf-ocr-tsv';
import { splitFigures } from './pdf-ocr-figures';
import type { PageImage } from './pdf-page-model';
import type { TextRun } from './pdf-text-runs';
import type { ConvertOptions, RecognisedPage } from './types';

/**
 * Scanned pages (docs/pdf-scan-ocr.md): a page whose text layer is missing or unreadable, with
 * something drawn on it, is rendered and recognised, and the recognised words replace its runs.
 */

export const DEFAULT_OCR_LANGUAGES = ['eng', 'chi_sim'];

/** Fewer readable characters than this is no text layer (a scanner's stamp or page number at most). */
const MIN_READABLE_CHARS = 16;
/** A text layer with more than this share of unreadable characters is not read. */
const MAX_UNREADABLE_SHARE = 0.3;
/** Pictures covering this share of the page make it worth reading; or this many filled shapes (outlined glyphs). */
const MIN_PICTURE_SHARE = 0.1;
const MIN_OUTLINE_FILLS = 60;
/** A page with fewer confident characters than this, or a lower mean confidence, is a picture. */
const PICTURE_MAX_CHARS = 40;
const PICTURE_MAX_CONFIDENCE = 50;
/** Figures are cut with this share of the page's width around their words. */
const FIGURE_PAD = 0.01;
/** On a picture, only words this sure are kept as text. */
const PICTURE_WORD_CONF = 70;

/** U+FFFD, C0 controls and the private use area: what a text layer without a usable ToUnicode gives. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is counted
const UNREADABLE = /[\ufffd\u0000-\u0008\u000e-\u001f\ue000-\uf8ff]/gu;

export function textLayerUnreadable(runs: TextRun[]): boolean {
  const text = runs.map((r) => r.text).join('').replace(/\s+/gu, '');
  const bad = text.match(UNREADABLE)?.length ?? 0;
  const readable = [...text].length - bad;
  return readable < MIN_READABLE_CHARS || bad / Math.max(1, [...text].length) > MAX_UNREADABLE_SHARE;
}

export function hasPicture(graphics: Pick<PageGraphics, 'images' | 'fills'>, size: { width: number; height: number }): boolean {
  const area = graphics.images.reduce((s, i) => s + Math.abs(i.w * i.h), 0);
  return area >= MIN_PICTURE_SHARE * size.width * size.height || graphics.fills.length >= MIN_OUTLINE_FILLS;
}

export interface ScannedPage {
  runs: TextRun[];
  /** Null when nothing was read (a picture without words). */
  report: RecognisedPage | null;
  /** The page is a picture with little text: its images stay. Otherwise the text replaces them. */
  picture: boolean;
  /** Figures on a text page (charts, photos), cut from the rendering to stay as pictures. */
  figures: PageImage[];
}

export interface ScanRequest {
  pdf: Uint8Array;
  page: unknown;
  number: number;
  size: { width: number; height: number };
  runs: TextRun[];
  graphics: Pick<PageGraphics, 'images' | 'fills'>;
}

/** Recognises the page when it needs it and a recogniser is given; null leaves the page as it is. */
export async function scanPage(request: ScanRequest, opts: ConvertOptions & { images?: boolean }): Promise<ScannedPage | null> {
  const { recognise } = opts;
  if (!recognise || !textLayerUnreadable(request.runs) || !hasPicture(request.graphics, request.size)) return null;
  const { tsv, scale, crop } = await recognise({
    pdf: request.pdf,
    page: request.page,
    number: request.number,
    ...request.size,
    languages: opts.ocrLanguages?.length ? opts.ocrLanguages : DEFAULT_OCR_LANGUAGES,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  opts.signal?.throwIfAborted();
  const words = keptWords(parseTesseractTsv(tsv));
  const confidence = meanConfidence(words);
  const chars = words.reduce((s, w) => s + w.text.length, 0);
  const picture = chars < PICTURE_MAX_CHARS || confidence < PICTURE_MAX_CONFIDENCE;
  const pixels = { width: request.size.width * scale, height: request.size.height * scale };
  const { text, figures } = picture ? { text: keptWords(words, PICTURE_WORD_CONF), figures: [] } : splitFigures(words, pixels);
  const runs = ocrTextRuns(text, scale);
  const images: PageImage[] = [];
  if (crop && opts.images) {
    for (const [i, box] of figures.entries()) {
      // A little of the page around the words, so a chart's axes and bars are not cut off.
      const pad = FIGURE_PAD * pixels.width;
      const left = Math.max(0, box.left - pad);
      const top = Math.max(0, box.top - pad);
      const region = { left, top, width: Math.min(pixels.width, box.left + box.width + pad) - left, height: Math.min(pixels.height, box.top + box.height + pad) - top };
      const image = await crop(region);
      if (image) images.push({ objId: `ocr-figure-${request.number}-${i}`, x: region.left / scale, y: region.top / scale, w: region.width / scale, h: region.height / scale, image });
    }
  }
  return { runs, report: runs.length ? { page: request.number, confidence: Math.round(meanConfidence(text)) } : null, picture, figures: images };
}

/** The output's `recognised` field, present only when OCR read a page. */
export function recognisedOf(model: { recognised: RecognisedPage[] }): { recognised?: RecognisedPage[] } {
  return model.recognised.length ? { recognised: model.recognised } : {};
}
