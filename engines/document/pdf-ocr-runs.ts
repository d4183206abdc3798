import type { OcrWord } from './pdf-ocr-tsv';
import type { FontInfo, TextRun } from './pdf-text-runs';

/**
 * Recognised words turned into the text runs a PDF's text layer gives (page points, origin
 * top-left), so a scanned page goes through the same lines, paragraphs, headings and tables
 * as a text page. The font size is not in Tesseract's output: it is measured from each word's
 * height and the letters it holds (a word with ascenders and descenders spans about 0.93 em,
 * one of x-height letters only about half an em).
 */

/** Han ideographs, kana, CJK punctuation and full-width forms: written without spaces. */
const CJK = /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/u;
const ASCENDER = /[A-Zbdfhklt0-9ßĀ-ſ?!%&@#$/\\'"]/u;
const DESCENDER = /[gjpqyQ,;]/u;
const BOTH = /[()[\]{}|]/u;
/** Of an em: cap height and ascender, x-height, descender; Han glyphs' ink. */
const ASCENT = 0.72;
const X_HEIGHT = 0.5;
const DESCENT = 0.21;
const CJK_INK = 0.88;
/** Words further apart than this many ems stay separate runs (columns, table cells). */
const JOIN_GAP_EM = 0.8;
/**
 * Between Chinese characters the gap may be one Tesseract dropped (a character or two it could
 * not read): within one Tesseract line such a gap is not a column.
 */
const CJK_JOIN_GAP_EM = 2.5;
/** Below this confidence a word made of no letter or digit is speckle, and any word below the floor. */
const SPECKLE_CONF = 40;
const CONF_FLOOR = 10;

/** What Tesseract makes of a round bullet: a small letter, degree sign or full stop. */
const BULLET_READINGS = /^(?:[eoO0°©®«»*•·◦●○■□▪。]|¢)$/u;

/** Recognised text has no font; Word gets the body defaults. */
const OCR_FONT: FontInfo = { name: 'Calibri', bold: false, italic: false };

interface Measured extends OcrWord {
  /** Estimated font size in pixels, and how much to trust it (0 to skip). */
  size: number;
  weight: number;
  descends: boolean;
}

function measure(word: OcrWord): Measured {
  const { text, height } = word;
  const cjk = CJK.test(text);
  const both = BOTH.test(text);
  const ascends = ASCENDER.test(text) || both;
  const descends = DESCENDER.test(text) || both;
  let em: number;
  let weight = 1;
  if (cjk) em = CJK_INK;
  else if (ascends && descends) em = ASCENT + DESCENT;
  else if (ascends) em = ASCENT;
  else if (descends) em = X_HEIGHT + DESCENT;
  else {
    em = X_HEIGHT;
    weight = 0.3;
  }
  if (!/[\p{L}\p{N}]/u.test(text)) weight = 0;
  return { ...word, size: height / em, weight: weight * text.length, descends: descends && !cjk };
}

function weightedMedian(values: { value: number; weight: number }[]): number | null {
  const sorted = values.filter((v) => v.weight > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((s, v) => s + v.weight, 0);
  let seen = 0;
  for (const v of sorted) {
    seen += v.weight;
    if (seen >= total / 2) return v.value;
  }
  return null;
}

const speckle = (w: OcrWord) => w.conf < SPECKLE_CONF && !/[\p{L}\p{N}]/u.test(w.text);

/**
 * Words worth keeping: Tesseract reads dust and shading as punctuation with low confidence. A
 * line's first mark is kept however unsure (a bullet is read unsurely); `ocrTextRuns` drops it
 * if it is not one.
 */
export function keptWords(words: OcrWord[], minConf = CONF_FLOOR): OcrWord[] {
  const firsts = new Map<string, OcrWord>();
  for (const w of words) if (!firsts.has(w.line)) firsts.set(w.line, w);
  return words.filter((w) => (firsts.get(w.line) === w && BULLET_READINGS.test(w.text)) || (w.conf >= minConf && !speckle(w)));
}

const PUNCTUATION = /\p{P}/u;
/** ASCII punctuation Tesseract gives in Chinese text, as Chinese is set (full width). */
const FULL_WIDTH: Record<string, string> = { ',': '，', ';': '；', ':': '：', '!': '！', '?': '？', '(': '（', ')': '）' };

/** No space between CJK characters, nor between one and the punctuation beside it. */
function joins(left: string, right: string): string {
  const a = left.at(-1) ?? '';
  const b = right[0] ?? '';
  if (CJK.test(a) && (CJK.test(b) || PUNCTUATION.test(b))) return '';
  return CJK.test(b) && PUNCTUATION.test(a) ? '' : ' ';
}

/** Punctuation right after a CJK character is full width. */
function cjkPunctuation(text: string): string {
  return text.replace(/([\u3400-\u4dbf\u4e00-\u9fff])([,;:!?()])/gu, (_, han: string, mark: string) => han + FULL_WIDTH[mark]!);
}


/**
 * A line's first word that is one small mark sitting on the middle of the line, set apart from
 * the text after it, is a bullet whatever Tesseract read it as.
 */
function bulletOf(words: Measured[], sizePx: number, baselinePx: number): boolean {
  const [first, second] = words;
  if (!first || !second || !BULLET_READINGS.test(first.text)) return false;
  const small = first.height < 0.5 * sizePx && first.width < 0.6 * sizePx;
  const middle = (first.top + first.height / 2) - (baselinePx - 0.35 * sizePx);
  return small && Math.abs(middle) < 0.2 * sizePx && second.left - (first.left + first.width) > 0.25 * sizePx;
}

interface MeasuredLine {
  words: Measured[];
  sizePx: number;
  baselinePx: number;
}

/**
 * A Tesseract line's size and baseline, its first word a bullet if it looks like one. The words
 * stay in Tesseract's order: its boxes of Chinese characters are loose, their order is not.
 */
function measureLine(words: Measured[]): MeasuredLine {
  const sorted = [...words];
  const sizePx =
    weightedMedian(sorted.map((w) => ({ value: w.size, weight: w.weight }))) ??
    weightedMedian(sorted.map((w) => ({ value: w.size, weight: 1 })))!;
  const baselinePx = weightedMedian(sorted.map((w) => ({ value: w.top + w.height - (w.descends ? DESCENT * sizePx : 0), weight: Math.max(w.weight, 0.1) })))!;
  if (bulletOf(sorted, sizePx, baselinePx)) sorted[0] = { ...sorted[0]!, text: '•' };
  else if (sorted[0] && speckle(sorted[0])) sorted.shift();
  return { words: sorted, sizePx, baselinePx };
}

/**
 * Tesseract lines on one baseline side by side are one row: Tesseract splits a line where it
 * dropped a character, and the row's words are joined again below (or kept apart at a column gap).
 */
function rows(lines: MeasuredLine[]): MeasuredLine[] {
  const out: MeasuredLine[] = [];
  for (const line of [...lines].sort((a, b) => a.baselinePx - b.baselinePx)) {
    const row = out.find((r) => {
      const small = Math.min(r.sizePx, line.sizePx);
      const overlaps = r.words.some((a) => line.words.some((b) => a.left < b.left + b.width && b.left < a.left + a.width));
      return !overlaps && Math.abs(r.baselinePx - line.baselinePx) <= 0.3 * small && small >= 0.8 * Math.max(r.sizePx, line.sizePx);
    });
    if (row) row.words = row.words[0]!.left <= line.words[0]!.left ? [...row.words, ...line.words] : [...line.words, ...row.words];
    else out.push({ ...line, words: [...line.words] });
  }
  return out;
}

/** One row as runs: close words joined with spaces (none between CJK characters), in order. */
function rowRuns({ words, sizePx, baselinePx }: MeasuredLine, scale: number): TextRun[] {
  const size = sizePx / scale;
  const baseline = baselinePx / scale;
  const runs: TextRun[] = [];
  let current: { text: string; left: number; right: number } | null = null;
  const flush = () => {
    if (!current) return;
    const x = current.left / scale;
    runs.push({ text: cjkPunctuation(current.text), x, y: baseline - 0.8 * size, w: current.right / scale - x, h: size, baseline, size, font: OCR_FONT });
  };
  for (const word of words) {
    const right = word.left + word.width;
    const gap = current ? word.left - current.right : Infinity;
    const cjkPair = current !== null && CJK.test(current.text.at(-1) ?? '') && CJK.test(word.text[0] ?? '');
    if (current && gap <= (cjkPair ? CJK_JOIN_GAP_EM : JOIN_GAP_EM) * sizePx) {
      current.text += joins(current.text, word.text) + word.text;
      current.right = Math.max(current.right, right);
    } else {
      flush();
      current = { text: word.text, left: word.left, right };
    }
  }
  flush();
  return runs;
}

/** Text runs in page points from words in image pixels (`scale` pixels to the point). */
export function ocrTextRuns(words: OcrWord[], scale: number): TextRun[] {
  const lines = new Map<string, Measured[]>();
  for (const word of words) {
    const line = lines.get(word.line) ?? [];
    line.push(measure(word));
    lines.set(word.line, line);
  }
  return rows([...lines.values()].map(measureLine)).flatMap((row) => rowRuns(row, scale));
}

/** Mean confidence over the recognised characters, 0..100. */
export function meanConfidence(words: OcrWord[]): number {
  const chars = words.reduce((s, w) => s + w.text.length, 0);
  return chars === 0 ? 0 : words.reduce((s, w) => s + w.conf * w.text.length, 0) / chars;
}
