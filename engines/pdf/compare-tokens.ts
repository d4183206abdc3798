/**
 * Page text as words with their boxes: what the comparison diffs. Pure, so the page (its view)
 * and the worker (its report) read both versions the same way.
 */

/** A box in PDF points, origin at the page's top left (pdf.js text run boxes, see workers/pdf/page-thumbnails.ts). */
export interface TextBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One page's text runs as the worker's `text(id, page)` gives them. */
export interface PageTextInput {
  width: number;
  height: number;
  items: readonly (TextBox & { text: string })[];
}

export interface Token {
  /** As printed. */
  text: string;
  /** What is compared: NFKC, so full-width and ligature forms equal their plain ones. */
  key: string;
  /** 1-based page. */
  page: number;
  /** Whether white space came before it in the page's text (to rebuild readable phrases). */
  spaceBefore: boolean;
  /** One box per text run the word spans. */
  boxes: TextBox[];
}

/**
 * Word boundaries by ICU (Intl.Segmenter): spaces for Latin scripts, a dictionary for Chinese and
 * Japanese, which have none. Every segment with a visible character is a token, punctuation too.
 */
const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('zh', { granularity: 'word' }) : null;
const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;

function segments(text: string): { segment: string; index: number }[] {
  if (segmenter) return Array.from(segmenter.segment(text), ({ segment, index }) => ({ segment, index }));
  // Without Intl.Segmenter: runs of non-space, each CJK character alone.
  return Array.from(text.matchAll(/[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff]|[^\s\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff]+/gu), (m) => ({ segment: m[0], index: m.index }));
}

/** Full-width characters take about twice the advance of others: a closer guess of where a word sits inside its run. */
const advance = (ch: string) => (CJK.test(ch) ? 2 : 1);

function offsetsOf(text: string): number[] {
  const offsets = [0];
  let total = 0;
  for (const ch of text) {
    total += advance(ch);
    for (let i = 0; i < ch.length; i++) offsets.push(total);
  }
  return offsets;
}

/** Two runs belong to one word when they sit on one line with (almost) no gap: pdf.js splits kerned words into pieces. */
function touches(prev: TextBox, next: TextBox): boolean {
  const sameLine = Math.abs(prev.y - next.y) < Math.max(prev.height, next.height) * 0.5;
  const gap = next.x - (prev.x + prev.width);
  return sameLine && gap > -0.5 && gap < Math.max(prev.height, next.height) * 0.12;
}

/**
 * pdf.js's box runs from the baseline up one font size; glyphs reach from about 0.9 of that above
 * the baseline to 0.22 below it (descenders), which is the box a highlight should cover.
 */
const TOP = 0.08;
const HEIGHT = 1.14;

/** The words of one page, in the order pdf.js gives the runs (the content's order, usually reading order). */
export function pageTokens(page: number, text: PageTextInput): Token[] {
  let joined = '';
  const runs: { start: number; end: number; item: TextBox & { text: string }; offsets: number[] }[] = [];
  text.items.forEach((item, i) => {
    const prev = text.items[i - 1];
    if (prev && !touches(prev, item)) joined += ' ';
    runs.push({ start: joined.length, end: joined.length + item.text.length, item, offsets: offsetsOf(item.text) });
    joined += item.text;
  });

  const tokens: Token[] = [];
  for (const { segment, index } of segments(joined)) {
    if (!/\S/u.test(segment)) continue;
    const end = index + segment.length;
    const boxes: TextBox[] = [];
    for (const run of runs) {
      if (run.end <= index || run.start >= end) continue;
      const total = run.offsets[run.offsets.length - 1] || 1;
      const from = run.offsets[Math.max(0, index - run.start)]! / total;
      const to = run.offsets[Math.min(run.item.text.length, end - run.start)]! / total;
      const { x, y, width, height } = run.item;
      boxes.push({ x: x + width * from, y: y + height * TOP, width: Math.max(width * (to - from), 1), height: height * HEIGHT });
    }
    tokens.push({ text: segment, key: segment.normalize('NFKC'), page, spaceBefore: index > 0 && /\s/u.test(joined[index - 1]!), boxes });
  }
  return tokens;
}

/** Tokens as a phrase: spaces where the page had them. */
export function phrase(tokens: readonly Token[]): string {
  return tokens.map((t, i) => (i > 0 && t.spaceBefore ? ` ${t.text}` : t.text)).join('');
}
