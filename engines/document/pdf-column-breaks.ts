import type { FlowItem, PdfPage } from './pdf-page-model';
import type { Paragraph } from './pdf-paragraphs';
import { joinLineSpans } from './pdf-text-join';

/** A paragraph whose last line runs to the column's edge without ending a sentence. */
function runsOn(p: Paragraph): boolean {
  const last = p.lines.at(-1)!;
  const right = Math.max(...p.lines.map((l) => l.x + l.w));
  return p.lines.length >= 2 && last.x + last.w >= right - 0.5 * last.size && !/[.!?:;]["'”’)]?$/.test(p.text.trim());
}

/** Beside (another column), not below: the two share no width and the second starts higher. */
function inNextColumn(a: Paragraph, b: Paragraph): boolean {
  return b.x >= a.x + a.w - 1 && b.y < a.y + a.h;
}

function merge(a: Paragraph, b: Paragraph): Paragraph {
  const lines = [...a.lines, ...b.lines];
  const spans = joinLineSpans(lines);
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    ...a,
    lines,
    spans,
    text: spans.map((s) => s.text).join(''),
    x,
    y,
    w: Math.max(a.x + a.w, b.x + b.w) - x,
    h: Math.max(a.y + a.h, b.y + b.h) - y,
  };
}

/**
 * Joins a paragraph that a column break cut in two: the part at the top of the next column
 * carries on mid-sentence, in lower case.
 */
export function joinColumnBreaks(flow: FlowItem[]): FlowItem[] {
  const out: FlowItem[] = [];
  for (const item of flow) {
    const previous = out.at(-1);
    if (item.kind === 'paragraph' && previous?.kind === 'paragraph') {
      const [a, b] = [previous.paragraph, item.paragraph];
      const plain = !a.list && !b.list && !a.heading && !b.heading && !a.preformatted && !b.preformatted;
      if (plain && runsOn(a) && /^\p{Ll}/u.test(b.text) && inNextColumn(a, b)) {
        out[out.length - 1] = { kind: 'paragraph', paragraph: merge(a, b) };
        continue;
      }
    }
    out.push(item);
  }
  return out;
}

/**
 * Ragged text ends its lines short: the paragraph ran on when the next word would not have
 * fitted after its last line, and that line ends mid-sentence.
 */
function nextWordDidNotFit(a: Paragraph, b: Paragraph): boolean {
  const last = a.lines.at(-1)!;
  const right = Math.max(...a.lines.map((l) => l.x + l.w));
  const next = b.lines[0]!;
  const word = next.text.split(/\s+/)[0] ?? '';
  const wordWidth = (next.w * word.length) / Math.max(1, next.text.length);
  return a.lines.length >= 2 && last.x + last.w + 0.3 * last.size + wordWidth > right - 0.5 * last.size && !/[.!?:;]["'”’)]?$/.test(a.text.trim());
}

/**
 * Joins a paragraph that a page break cut in two, once running heads are gone: the first
 * paragraph of the next page carries on mid-sentence, in lower case. The joined paragraph
 * stays on the first page (keeping its box there), so the next page starts with the block
 * after it.
 */
export function joinPageBreaks(pages: PdfPage[]): void {
  for (let i = 1; i < pages.length; i++) {
    const before = pages[i - 1]!.flow.at(-1);
    const after = pages[i]!.flow[0];
    if (before?.kind !== 'paragraph' || after?.kind !== 'paragraph') continue;
    const [a, b] = [before.paragraph, after.paragraph];
    const plain = !a.list && !b.list && !a.heading && !b.heading && !a.preformatted && !b.preformatted;
    if (!plain || !(runsOn(a) || nextWordDidNotFit(a, b)) || !/^\p{Ll}/u.test(b.text)) continue;
    const joined = merge(a, b);
    pages[i - 1]!.flow[pages[i - 1]!.flow.length - 1] = { kind: 'paragraph', paragraph: { ...joined, x: a.x, y: a.y, w: a.w, h: a.h } };
    pages[i]!.flow.shift();
  }
}
