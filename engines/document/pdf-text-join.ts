import type { Line, Span } from './pdf-layout-lines';

/** Han, kana, hangul and full-width punctuation: scripts written without spaces between words. */
export const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/u;

/**
 * Joins a paragraph's lines into one run of spans: a space between lines, except after a
 * hyphen or dash, or between CJK characters; a hyphen that only split a word ("exam-" +
 * "ple") is removed. With `keepLineBreaks` (code), each line starts after a '\n' instead.
 */
export function joinLineSpans(lines: Line[], opts: { keepLineBreaks?: boolean } = {}): Span[] {
  const spans: Span[] = [];
  const left = Math.min(...lines.map((l) => l.x));
  for (const line of lines) {
    const next = line.spans.map((s) => ({ ...s }));
    const last = spans.at(-1);
    const first = next[0];
    if (first && opts.keepLineBreaks) {
      // Code keeps its lines and, in a fixed-width font, its indentation as spaces.
      const charWidth = line.w / Math.max(1, line.text.length);
      const indent = ' '.repeat(Math.max(0, Math.round((line.x - left) / Math.max(0.1, charWidth))));
      first.text = `${last ? '\n' : ''}${indent}${first.text}`;
    } else if (last && first) {
      const before = last.text;
      const after = first.text;
      if (/\p{L}-$/u.test(before) && /^\p{Ll}/u.test(after)) {
        last.text = before.slice(0, -1);
      } else if (!/[-‐–—/\s]$/.test(before) && !(CJK.test(before.slice(-1)) || CJK.test(after.charAt(0)))) {
        first.text = ` ${after}`;
      }
    }
    for (const span of next) {
      const previous = spans.at(-1);
      if (previous && previous.font === span.font && previous.color === span.color && Math.abs(previous.size - span.size) < 0.1) previous.text += span.text;
      else spans.push(span);
    }
  }
  return spans;
}

/** Spans merged by style, for writers that only care about bold and italic. */
export function styledRuns(spans: Span[]): { text: string; bold: boolean; italic: boolean; size: number; font: string; color: string }[] {
  const runs: { text: string; bold: boolean; italic: boolean; size: number; font: string; color: string }[] = [];
  for (const span of spans) {
    const last = runs.at(-1);
    const { bold, italic, name } = span.font;
    // A space takes the style of the text before it, so runs do not break at word gaps.
    if (last && ((last.bold === bold && last.italic === italic && last.font === name && last.color === span.color) || span.text.trim() === '')) last.text += span.text;
    else runs.push({ text: span.text, bold, italic, size: span.size, font: name, color: span.color });
  }
  return runs;
}
