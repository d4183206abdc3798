import type { PdfPage } from './pdf-page-model';
import type { Paragraph } from './pdf-paragraphs';

/** Text this much larger than the body is a heading. */
const HEADING_RATIO = 1.15;

function paragraphs(pages: PdfPage[]): Paragraph[] {
  return pages.flatMap((p) => p.flow.flatMap((f) => (f.kind === 'paragraph' ? [f.paragraph] : [])));
}

function unlist(p: Paragraph): void {
  const first = p.spans[0];
  if (first) p.spans = [{ ...first, text: `${p.list!.marker} ${first.text}` }, ...p.spans.slice(1)];
  p.text = p.spans.map((s) => s.text).join('');
  delete p.list;
}

function isBoldLabel(p: Paragraph, bodySize: number): boolean {
  const visible = p.spans.filter((s) => s.text.trim().length > 0);
  return (
    p.lines.length === 1 &&
    p.size >= bodySize * 0.95 &&
    p.text.length <= 100 &&
    visible.length > 0 &&
    visible.every((s) => s.font.bold) &&
    !/[.,;]$/.test(p.text.trim()) &&
    !/^\p{Ll}/u.test(p.text)
  );
}

/**
 * Marks headings: levels 1-3 go to the larger sizes in decreasing order, and a short line
 * set entirely in bold at body size is one level below them.
 */
export function classifyHeadings(pages: PdfPage[], bodySize: number): void {
  const all = paragraphs(pages);
  // "1 Introduction" set large is a numbered heading, not a list item.
  for (const p of all) if (p.list && p.size >= bodySize * HEADING_RATIO && p.lines.length <= 3) unlist(p);
  const candidates = all.filter((p) => !p.list && p.lines.length <= 3 && p.text.length <= 200 && /\p{L}/u.test(p.text));
  const large = candidates.filter((p) => p.size >= bodySize * HEADING_RATIO);
  const sizes = [...new Set(large.map((p) => Math.round(p.size * 2) / 2))].sort((a, b) => b - a);
  for (const p of large) p.heading = Math.min(3, sizes.indexOf(Math.round(p.size * 2) / 2) + 1) as 1 | 2 | 3;
  const boldLevel = Math.min(3, sizes.length + 1) as 1 | 2 | 3;
  for (const p of candidates) if (!p.heading && isBoldLabel(p, bodySize)) p.heading = boldLevel;
}

/** "1.", "a)", "(i)": the first marker of a numbered list. */
const FIRST_MARKER = /^\(?(?:0*1|a|A|i|I)[.)]?$/;

function clusterIndex(values: number[], value: number): number {
  const starts: number[] = [];
  for (const v of [...values].sort((a, b) => a - b)) if (!starts.length || v - starts.at(-1)! > 6) starts.push(v);
  return starts.findLastIndex((s) => value >= s - 0.01);
}

/**
 * Gives list items their depth (from how far each marker is indented among its neighbours)
 * and a list id: items in a row share one, and a numbered list interrupted by other text
 * continues its numbering unless it starts again at 1.
 */
export function numberLists(pages: PdfPage[]): void {
  let run: Paragraph[] = [];
  let nextId = 1;
  let lastOrderedId = 0;
  const finish = () => {
    const lefts = run.map((p) => p.x);
    const id = nextId++;
    for (const p of run) {
      const list = p.list!;
      list.depth = Math.min(2, Math.max(0, clusterIndex(lefts, p.x)));
      list.id = id;
    }
    const first = run[0]?.list;
    if (first?.ordered && !FIRST_MARKER.test(first.marker) && lastOrderedId) for (const p of run) p.list!.id = lastOrderedId;
    if (first?.ordered) lastOrderedId = first.id!;
    run = [];
  };
  for (const page of pages) {
    for (const item of page.flow) {
      if (item.kind === 'paragraph' && item.paragraph.list) run.push(item.paragraph);
      else if (run.length) finish();
    }
  }
  if (run.length) finish();
}
