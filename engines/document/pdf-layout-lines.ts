import { hasRtlLetters, isRtlText, logicalPieces } from './pdf-bidi';
import { unnestRightToLeftRuns } from './pdf-rtl-runs';
import type { FontInfo, TextRun } from './pdf-text-runs';

/** Text in one font within a line; `text` already carries the space before it, if any. */
export interface Span {
  text: string;
  x: number;
  w: number;
  size: number;
  font: FontInfo;
  /** "RRGGBB"; black when unknown. */
  color: string;
}

/**
 * A horizontal run of text on one baseline, with no column-sized gap in it. Two columns, or
 * two table cells, on the same baseline are two lines.
 */
export interface Line {
  x: number;
  y: number;
  w: number;
  h: number;
  baseline: number;
  /** The size of most of its characters (superscripts excluded). */
  size: number;
  spans: Span[];
  text: string;
  /** Began as a bullet or number standing apart from the text: a list item's first line. */
  marker?: boolean;
  /** Mostly Hebrew or Arabic: `spans` are in reading order, which runs right to left on the page. */
  rtl?: boolean;
}

/** A gap wider than this many ems separates columns or table cells, not words. */
const COLUMN_GAP_EM = 1.0;
/** A gap wider than this many ems between runs is a word space. */
const WORD_GAP_EM = 0.12;
/**
 * Fonts of pictures rather than letters (boxes, ticks, arrows): their glyphs map to letters such
 * as "y" or "n", and one set against a letter of a text font is not part of that word.
 */
const PICTOGRAPH_FONT = /wingdings|webdings|dingbat/i;
const MARKER_ONLY = /^(?:[•◦▪▫●○■□‣⁃∙·\-–—*➢➤►▶✓✔❖\uf000-\uf0ff]|\(?\d{1,3}[.)]?|\(?[a-zA-Z][.)]|\(?[ivxIVX]{1,4}[.)])$/;

interface Row {
  runs: TextRun[];
  /** The largest run decides the row's baseline and box. */
  main: TextRun;
}

function sameRow(row: Row, run: TextRun): boolean {
  const a = row.main;
  const overlap = Math.min(a.y + a.h, run.y + run.h) - Math.max(a.y, run.y);
  if (overlap < 0.5 * Math.min(a.h, run.h)) return false;
  const smaller = Math.min(a.size, run.size);
  const differentSize = smaller < 0.85 * Math.max(a.size, run.size);
  return differentSize || Math.abs(a.baseline - run.baseline) <= 0.3 * smaller;
}

function groupRows(runs: TextRun[]): Row[] {
  const sorted = [...runs].sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  const rows: Row[] = [];
  for (const run of sorted) {
    // Rows close above may still take the run (superscripts sort before their line).
    const row = rows.slice(-4).findLast((r) => sameRow(r, run));
    if (!row) {
      rows.push({ runs: [run], main: run });
      continue;
    }
    row.runs.push(run);
    if (run.size > row.main.size * 1.15) row.main = run;
  }
  return rows;
}

function isBlank(text: string): boolean {
  return text.trim().length === 0;
}

/**
 * Justified text stretches word gaps past an em, but evenly: three or more equal gaps in a
 * row (each under two ems) are word spaces, whereas table columns leave uneven gaps.
 */
function evenWordGaps(gaps: number[], em: number): Set<number> {
  const even = new Set<number>();
  let start = 0;
  for (let i = 1; i <= gaps.length; i++) {
    const continues = i < gaps.length && Math.abs(gaps[i]! - gaps[i - 1]!) < 1 && gaps[i]! < 2 * em && gaps[i - 1]! < 2 * em;
    if (continues) continue;
    if (i - start >= 3) for (let j = start; j < i; j++) even.add(j);
    start = i;
  }
  return even;
}

/** Splits one row into lines at column-sized gaps; whitespace runs only mark word spaces. */
function splitRow(row: Row): TextRun[][] {
  const runs = [...row.runs].sort((a, b) => a.x - b.x);
  const visible = runs.filter((r) => !isBlank(r.text));
  const gaps = visible.slice(1).map((r, i) => r.x - (visible[i]!.x + visible[i]!.w));
  const wordGaps = evenWordGaps(gaps, row.main.size);
  const pieces: TextRun[][] = [];
  let current: TextRun[] = [];
  let end = -Infinity;
  let index = -1;
  for (const run of runs) {
    if (isBlank(run.text)) {
      if (current.length) current.push(run);
      continue;
    }
    index++;
    const em = Math.max(run.size, row.main.size * 0.85);
    if (current.length && run.x - end > COLUMN_GAP_EM * em && !wordGaps.has(index - 1)) {
      pieces.push(current);
      current = [];
    }
    current.push(run);
    end = Math.max(end, run.x + run.w);
  }
  if (current.length) pieces.push(current);
  return pieces.map((piece) => trimBlankRuns(piece)).filter((piece) => piece.length > 0);
}

function trimBlankRuns(runs: TextRun[]): TextRun[] {
  let end = runs.length;
  while (end > 0 && isBlank(runs[end - 1]!.text)) end--;
  return runs.slice(0, end);
}

/**
 * The line's visible runs, left to right, each with the space before it where there is one.
 * With `byGaps` (lines with Hebrew or Arabic, whose producers draw a space item anywhere along
 * the line) only the gaps between runs, not the space items, make word spaces.
 */
function spacedPieces(runs: TextRun[], byGaps: boolean): { text: string; run: TextRun }[] {
  const pieces: { text: string; run: TextRun }[] = [];
  let previous: TextRun | null = null;
  let pendingSpace = false;
  for (const run of runs) {
    if (isBlank(run.text)) {
      pendingSpace = !byGaps;
      continue;
    }
    let text = run.text.replace(/\s+/g, ' ');
    if (previous) {
      const gap = run.x - (previous.x + previous.w);
      const spaced = /\s$/.test(pieces.at(-1)?.text ?? '') || text.startsWith(' ');
      const fontBoundary = PICTOGRAPH_FONT.test(previous.font.name) !== PICTOGRAPH_FONT.test(run.font.name);
      if (!spaced && (pendingSpace || fontBoundary || gap > WORD_GAP_EM * run.size)) text = ` ${text}`;
    }
    pendingSpace = false;
    previous = run;
    pieces.push({ text, run });
  }
  return pieces;
}

/** Right-to-left lines (and left-to-right ones with Hebrew or Arabic in them) in reading order. */
function readingOrder(pieces: { text: string; run: TextRun }[], rtl: boolean): { text: string; run: TextRun }[] {
  const logical = logicalPieces(
    pieces.map((p) => ({ text: p.text, rtl: p.run.rtl ?? false, source: p.run })),
    rtl,
  );
  return logical.map((p) => ({ text: p.text.replace(/ {2,}/g, ' '), run: p.source }));
}

function toLine(runs: TextRun[]): Line {
  const spans: Span[] = [];
  const rtl = isRtlText(runs.map((r) => r.text).join(''));
  const bidi = runs.some((r) => hasRtlLetters(r.text));
  let pieces = spacedPieces(runs, bidi);
  if (bidi) pieces = readingOrder(pieces, rtl);
  for (const { text, run } of pieces) {
    const last = spans.at(-1);
    const color = run.color ?? '000000';
    if (last && last.font === run.font && last.color === color && Math.abs(last.size - run.size) < 0.1) {
      last.text += text;
      if (bidi) {
        // In reading order a span's runs may lie either way along the line.
        const right = Math.max(last.x + last.w, run.x + run.w);
        last.x = Math.min(last.x, run.x);
        last.w = right - last.x;
      } else last.w = run.x + run.w - last.x;
    } else {
      spans.push({ text, x: run.x, w: run.w, size: run.size, font: run.font, color });
    }
  }
  const visible = runs.filter((r) => !isBlank(r.text));
  const main = dominantRun(visible);
  const left = Math.min(...visible.map((r) => r.x));
  const right = Math.max(...visible.map((r) => r.x + r.w));
  const top = Math.min(...visible.map((r) => r.y));
  const bottom = Math.max(...visible.map((r) => r.y + r.h));
  const first = spans[0];
  if (first) first.text = first.text.trimStart();
  const last = spans.at(-1);
  if (last) last.text = last.text.trimEnd();
  const line: Line = { x: left, y: top, w: right - left, h: bottom - top, baseline: main.baseline, size: main.size, spans, text: spans.map((s) => s.text).join('') };
  if (rtl) line.rtl = true;
  return line;
}

function dominantRun(runs: TextRun[]): TextRun {
  const bySize = new Map<number, number>();
  for (const run of runs) bySize.set(Math.round(run.size * 2), (bySize.get(Math.round(run.size * 2)) ?? 0) + run.text.length);
  const size = [...bySize.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  return runs.find((r) => Math.round(r.size * 2) === size)!;
}

/** A bullet or number standing alone before its item's text joins that text. */
function joinMarkers(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1];
    const markerGap = next ? next.x - (line.x + line.w) : Infinity;
    const numeric = /\d|[a-zA-Z]/.test(line.text);
    if (next && MARKER_ONLY.test(line.text) && markerGap < 4 * next.size && (!numeric || /^[\p{L}]/u.test(next.text))) {
      const spans = [...line.spans, ...next.spans.map((s, j) => (j === 0 ? { ...s, text: ` ${s.text}` } : s))];
      out.push({ ...next, x: line.x, w: next.x + next.w - line.x, y: Math.min(line.y, next.y), spans, text: spans.map((s) => s.text).join(''), marker: true });
      i++;
    } else {
      out.push(line);
    }
  }
  return out;
}

/** Groups a page's text runs into lines, top to bottom, then left to right. */
export function buildLines(runs: TextRun[]): Line[] {
  const lines: Line[] = [];
  for (const row of groupRows(dedupeRuns(runs))) {
    row.runs = unnestRightToLeftRuns(row.runs);
    lines.push(...joinMarkers(splitRow(row).map(toLine)));
  }
  return lines;
}

/** Some producers fake bold by drawing the same text twice, slightly offset. */
function dedupeRuns(runs: TextRun[]): TextRun[] {
  const seen = new Set<string>();
  return runs.filter((run) => {
    if (isBlank(run.text)) return true;
    const key = `${run.text}|${Math.round(run.x)}|${Math.round(run.baseline)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
