/**
 * Finding what to redact in a page's text runs (pdf.js's text items, boxes in PDF points from
 * the page's top left, the page's rotation not applied): search terms, preset patterns and one
 * custom regular expression. Pure functions, so they are tested without a browser.
 */

export interface TextRun {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type PresetId = 'email' | 'phone' | 'cnId';
export const PRESET_IDS: readonly PresetId[] = ['email', 'phone', 'cnId'];

/** No digit before or after, so a number is matched whole or not at all. */
const PRESETS: Record<PresetId, RegExp[]> = {
  email: [/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g],
  phone: [
    // Chinese mobile numbers, with or without +86 and spaces or dashes between 3-4-4.
    /(?<!\d)(?:\+?86[ -]?)?1[3-9]\d(?:[ -]?\d{4}){2}(?!\d)/g,
    // Other numbers written as groups: +44 20 7946 0958, (555) 123-4567, 010-6552 9988.
    /(?<![\d+])(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{2,4}(?:[ .-]\d{2,4}){1,3}(?!\d)/g,
  ],
  // Resident ID card: 6-digit area, birth date 18xx-20xx, 3-digit sequence, check digit or X.
  cnId: [/(?<!\d)[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?!\d)/g],
};

/** A date (2026-11-28) is grouped digits too, but no phone number. */
const DATE = /^\d{4}[-./]\d{1,2}[-./]\d{1,2}$/;

/** Longest custom expression accepted, and most hits kept, so a careless pattern cannot stall the page. */
export const MAX_PATTERN_LENGTH = 200;
export const MAX_HITS = 2000;

export type HitSource = 'term' | PresetId | 'custom';

export interface Hit {
  id: string;
  page: number;
  text: string;
  source: HitSource;
  /** Usually one box; a hit that runs onto the next line has one per line. */
  boxes: Box[];
}

export interface SearchRequest {
  terms: readonly string[];
  presets: readonly PresetId[];
  custom?: string;
}

/** Runs joined into one string, with the run (or -1 for an inserted space or line break) of each character. */
interface JoinedText {
  text: string;
  owner: number[];
  offset: number[];
}

function sameLine(a: TextRun, b: TextRun): boolean {
  const mid = b.y + b.height / 2;
  return mid >= a.y && mid <= a.y + a.height;
}

export function joinRuns(runs: readonly TextRun[]): JoinedText {
  let text = '';
  const owner: number[] = [];
  const offset: number[] = [];
  const put = (s: string, run: number) => {
    const chars = Array.from(s);
    chars.forEach((ch, i) => {
      // A character outside the BMP is two code units in the string: both belong to it.
      for (let k = 0; k < ch.length; k += 1) {
        owner.push(run);
        offset.push(i);
      }
    });
    text += s;
  };
  runs.forEach((run, i) => {
    const previous = runs[i - 1];
    if (previous) {
      if (!sameLine(previous, run)) put('\n', -1);
      else if (run.x - (previous.x + previous.width) > previous.height * 0.15 && !/\s$/.test(previous.text) && !/^\s/.test(run.text)) put(' ', -1);
    }
    put(run.text, i);
  });
  return { text, owner, offset };
}

/** Helvetica's advance widths (thousandths of an em) for printable ASCII, from space to tilde. */
const ASCII_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
/** Han, kana, hangul, CJK punctuation and full-width forms: one em each. */
const FULL_WIDTH = /[\u1100-\u115f\u2e80-\u303f\u3040-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/u;

/**
 * A character's share of a run's width: pdf.js gives one width per run, so a hit inside a run is
 * placed by the characters' usual widths (Helvetica's for ASCII, an em for CJK): close enough in
 * most fonts, and far better than equal shares when digits and Chinese share a run.
 */
export function charWeight(ch: string): number {
  const code = ch.codePointAt(0) ?? 0;
  if (code >= 32 && code <= 126) return ASCII_WIDTHS[code - 32]! / 1000;
  if (FULL_WIDTH.test(ch)) return 1;
  return 0.6;
}

/** The box of characters [from, to) of a run, its width shared out by the characters' weights. */
function partOf(run: TextRun, from: number, to: number): Box {
  const weights = Array.from(run.text, charWeight);
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  const before = weights.slice(0, from).reduce((a, b) => a + b, 0);
  const inside = weights.slice(from, to).reduce((a, b) => a + b, 0);
  const unit = run.width / total;
  // MuPDF removes every glyph the box touches: keep off the neighbours by a sliver of the edge characters.
  const x0 = run.x + before * unit + (weights[from] ?? 0) * unit * 0.15;
  const x1 = run.x + (before + inside) * unit - (weights[to - 1] ?? 0) * unit * 0.15;
  // A little below the run's box for the descenders (g, p, y), which sit under the baseline.
  return { x: x0, y: run.y - run.height * 0.05, width: Math.max(0.5, x1 - x0), height: run.height * 1.3 };
}

function union(boxes: Box[]): Box {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** The boxes of characters [start, end) of the joined text: one per line it touches. */
export function boxesOf(runs: readonly TextRun[], joined: JoinedText, start: number, end: number): Box[] {
  const spans = new Map<number, { from: number; to: number }>();
  for (let i = start; i < end; i += 1) {
    const run = joined.owner[i]!;
    if (run < 0) continue;
    const at = joined.offset[i]!;
    const span = spans.get(run);
    if (span) span.to = Math.max(span.to, at + 1);
    else spans.set(run, { from: at, to: at + 1 });
  }
  const lines: Box[][] = [];
  let lastRun: TextRun | undefined;
  for (const [index, span] of [...spans].sort((a, b) => a[0] - b[0])) {
    const run = runs[index]!;
    const part = partOf(run, span.from, span.to);
    if (lastRun && sameLine(lastRun, run)) lines[lines.length - 1]!.push(part);
    else lines.push([part]);
    lastRun = run;
  }
  return lines.map(union);
}

/** The terms as typed: one per line or separated by commas or semicolons (Chinese ones too), blanks dropped. */
export function termsOf(text: string): string[] {
  return text
    .split(/[\n,，;；、]/)
    .map((term) => term.trim())
    .filter(Boolean);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A search term as a case-insensitive expression; any run of spaces in it matches any whitespace. */
export function termPattern(term: string): RegExp | null {
  const words = term.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  return new RegExp(words.map(escape).join('\\s+'), 'giu');
}

/** The user's own expression, or why it cannot be used: `tooLong` or `invalid`. */
export function customPattern(source: string): RegExp | 'tooLong' | 'invalid' | null {
  if (source.trim() === '') return null;
  if (source.length > MAX_PATTERN_LENGTH) return 'tooLong';
  try {
    return new RegExp(source, 'giu');
  } catch {
    return 'invalid';
  }
}

/** Every hit on one page, in reading order, the same characters found twice kept once. */
export function findHits(page: number, runs: readonly TextRun[], request: SearchRequest): Hit[] {
  const joined = joinRuns(runs);
  const patterns: Array<{ source: HitSource; pattern: RegExp }> = [];
  for (const term of request.terms) {
    const pattern = termPattern(term);
    if (pattern) patterns.push({ source: 'term', pattern });
  }
  for (const preset of request.presets) for (const pattern of PRESETS[preset]) patterns.push({ source: preset, pattern: new RegExp(pattern) });
  const custom = request.custom === undefined ? null : customPattern(request.custom);
  if (custom instanceof RegExp) patterns.push({ source: 'custom', pattern: custom });

  const found = new Map<string, Hit & { start: number }>();
  for (const { source, pattern } of patterns) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(joined.text); match; match = pattern.exec(joined.text)) {
      if (match[0] === '') {
        pattern.lastIndex += 1;
        continue;
      }
      // A phone number has seven digits at least, and is no date.
      if (source === 'phone' && ((match[0].match(/\d/g)?.length ?? 0) < 7 || DATE.test(match[0]))) continue;
      const start = match.index;
      const end = start + match[0].length;
      const id = `${page}:${start}:${end}`;
      if (found.has(id)) continue;
      const boxes = boxesOf(runs, joined, start, end);
      if (boxes.length > 0) found.set(id, { id, page, text: match[0].replace(/\n/g, ' '), source, boxes, start });
      if (found.size >= MAX_HITS) break;
    }
  }
  return [...found.values()].sort((a, b) => a.start - b.start).map(({ start: _start, ...hit }) => hit);
}

/** A region as the server takes it: page, box, rounded to hundredths of a point. */
export interface Region extends Box {
  page: number;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The kept hits' boxes and the drawn ones, clipped to their page; nothing empty. */
export function regionsOf(hits: readonly Hit[], dropped: ReadonlySet<string>, drawn: readonly Region[], sizes: ReadonlyMap<number, { width: number; height: number }>): Region[] {
  const all: Region[] = [...hits.filter((h) => !dropped.has(h.id)).flatMap((h) => h.boxes.map((b) => ({ page: h.page, ...b }))), ...drawn];
  const out: Region[] = [];
  for (const r of all) {
    const size = sizes.get(r.page);
    const x0 = Math.max(0, r.x);
    const y0 = Math.max(0, r.y);
    const x1 = size ? Math.min(size.width, r.x + r.width) : r.x + r.width;
    const y1 = size ? Math.min(size.height, r.y + r.height) : r.y + r.height;
    if (x1 - x0 < 0.01 || y1 - y0 < 0.01) continue;
    out.push({ page: r.page, x: round(x0), y: round(y0), width: round(x1 - x0), height: round(y1 - y0) });
  }
  return out;
}

/**
 * A box in unrotated points as shares of the page as shown (after its /Rotate, clockwise), for
 * drawing on a thumbnail; `fromView` is the way back, for boxes the user draws.
 */
export function toView(box: Box, page: { width: number; height: number; rotate?: number }): Box {
  const { width: w, height: h } = page;
  const r = (((page.rotate ?? 0) % 360) + 360) % 360;
  if (r === 90) return { x: (h - box.y - box.height) / h, y: box.x / w, width: box.height / h, height: box.width / w };
  if (r === 180) return { x: (w - box.x - box.width) / w, y: (h - box.y - box.height) / h, width: box.width / w, height: box.height / h };
  if (r === 270) return { x: box.y / h, y: (w - box.x - box.width) / w, width: box.height / h, height: box.width / w };
  return { x: box.x / w, y: box.y / h, width: box.width / w, height: box.height / h };
}

export function fromView(view: Box, page: { width: number; height: number; rotate?: number }): Box {
  const { width: w, height: h } = page;
  const r = (((page.rotate ?? 0) % 360) + 360) % 360;
  if (r === 90) return { x: view.y * w, y: h - (view.x + view.width) * h, width: view.height * w, height: view.width * h };
  if (r === 180) return { x: w - (view.x + view.width) * w, y: h - (view.y + view.height) * h, width: view.width * w, height: view.height * h };
  if (r === 270) return { x: w - (view.y + view.height) * w, y: view.x * h, width: view.height * w, height: view.width * h };
  return { x: view.x * w, y: view.y * h, width: view.width * w, height: view.height * h };
}
