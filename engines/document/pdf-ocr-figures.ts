import type { OcrWord } from './pdf-ocr-tsv';

/**
 * Figures on a scanned page: Tesseract reads a chart or a photo as text blocks of noise (axis
 * ticks, shading taken for letters). Such a block is kept as a picture of the scan, not as text.
 * A block is a figure when its words are unsure on average, when lone symbols make up much of
 * it (the ticks and marks of a chart), or when its words stand on their side (rotated labels).
 */

export interface PixelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Mean confidence over a block's characters below which it is noise. */
const NOISE_CONF = 60;
/**
 * A block with few words of three letters or more is labels and numbers: a chart's when
 * Tesseract is also unsure of it (ticks run into the numbers); a table's numbers read surely.
 */
const LABEL_WORD_SHARE = 0.3;
const LABEL_CONF = 85;
/** Share of a block's words that are one symbol alone (no letter or digit), from this many words. */
const SYMBOL_SHARE = 0.3;
const SYMBOL_MIN_WORDS = 6;
/** Words this much taller than wide (three or more characters) are set on their side. */
const ROTATED_RATIO = 1.5;
/** Figures closer than this share of the page's width are one figure (a chart, its labels and legend). */
const MERGE_SHARE = 0.03;
/** Smaller figures are specks, not worth a picture. */
const MIN_FIGURE_SHARE = 0.005;

function isFigure(words: OcrWord[]): boolean {
  const chars = words.reduce((s, w) => s + w.text.length, 0);
  const conf = words.reduce((s, w) => s + w.conf * w.text.length, 0) / Math.max(1, chars);
  if (conf < NOISE_CONF) return true;
  // Chinese is read a character or two at a time: a Han character counts as a word.
  const wordLike = words.filter((w) => /\p{L}{3}|[\u3400-\u4dbf\u4e00-\u9fff]/u.test(w.text)).length;
  if (wordLike / words.length < LABEL_WORD_SHARE && conf < LABEL_CONF) return true;
  const symbols = words.filter((w) => [...w.text].length === 1 && !/[\p{L}\p{N}]/u.test(w.text)).length;
  if (words.length >= SYMBOL_MIN_WORDS && symbols / words.length >= SYMBOL_SHARE) return true;
  const long = words.filter((w) => [...w.text].length >= 3);
  return long.length > 0 && long.filter((w) => w.height > ROTATED_RATIO * w.width).length * 2 > long.length;
}

function bounds(words: OcrWord[]): PixelBox {
  const left = Math.min(...words.map((w) => w.left));
  const top = Math.min(...words.map((w) => w.top));
  const right = Math.max(...words.map((w) => w.left + w.width));
  const bottom = Math.max(...words.map((w) => w.top + w.height));
  return { left, top, width: right - left, height: bottom - top };
}

function near(a: PixelBox, b: PixelBox, margin: number): boolean {
  return a.left - margin < b.left + b.width && b.left - margin < a.left + a.width && a.top - margin < b.top + b.height && b.top - margin < a.top + a.height;
}

function union(a: PixelBox, b: PixelBox): PixelBox {
  const left = Math.min(a.left, b.left);
  const top = Math.min(a.top, b.top);
  return { left, top, width: Math.max(a.left + a.width, b.left + b.width) - left, height: Math.max(a.top + a.height, b.top + b.height) - top };
}

/**
 * The page's words without those of figure blocks, and the figures' boxes (image pixels),
 * near ones merged. `page` is the rendering's size in pixels.
 */
export function splitFigures(words: OcrWord[], page: { width: number; height: number }): { text: OcrWord[]; figures: PixelBox[] } {
  const blocks = new Map<string, OcrWord[]>();
  for (const word of words) blocks.set(word.block, [...(blocks.get(word.block) ?? []), word]);
  const figureBlocks = new Set([...blocks].filter(([, blockWords]) => isFigure(blockWords)).map(([key]) => key));
  let figures = [...figureBlocks].map((key) => bounds(blocks.get(key)!));
  const margin = MERGE_SHARE * page.width;
  for (let merged = true; merged; ) {
    merged = false;
    outer: for (let i = 0; i < figures.length; i++) {
      for (let j = i + 1; j < figures.length; j++) {
        if (near(figures[i]!, figures[j]!, margin)) {
          figures[i] = union(figures[i]!, figures[j]!);
          figures.splice(j, 1);
          merged = true;
          break outer;
        }
      }
    }
  }
  figures = figures.filter((f) => f.width * f.height >= MIN_FIGURE_SHARE * page.width * page.height);
  // Text inside a figure (its blocks, and a label among the ticks) belongs to the picture; a speck's stays text.
  const inside = (w: OcrWord) => figures.some((f) => w.left >= f.left && w.top >= f.top && w.left + w.width <= f.left + f.width && w.top + w.height <= f.top + f.height);
  return { text: words.filter((w) => !inside(w)), figures };
}
