import type { Line } from './pdf-layout-lines';

/** Narrower than this (points) is a gap between words or cells, not between page columns. */
const MIN_GUTTER = 8;
/** A line of at least this many words, in a column of prose. */
const PROSE_WORDS = 6;
const MIN_PROSE_LINES = 3;

function proseLines(lines: Line[]): number {
  return lines.filter((l) => l.text.trim().split(/\s+/).length >= PROSE_WORDS).length;
}

/**
 * Splits a page's lines into its columns of text: at a vertical gutter that (almost) no line
 * crosses and with prose on both sides, as on a two-page spread or a two-column paper. A table
 * in one column then lines up on its own, without the other column's lines on the same
 * baselines posing as extra cells. The few lines crossing the gutter (a page-wide title, a
 * footer) come back as a group of their own. Columns of a table are not split apart, because
 * prose on both sides of a gutter never happens inside one table.
 */
export function splitPageColumns(lines: Line[]): Line[][] {
  if (lines.length < 2 * MIN_PROSE_LINES) return [lines];
  const left = Math.floor(Math.min(...lines.map((l) => l.x)));
  const right = Math.ceil(Math.max(...lines.map((l) => l.x + l.w)));
  const allowed = Math.max(1, Math.floor(lines.length * 0.05));
  let best: { at: number; width: number } | null = null;
  let runStart = -1;
  for (let x = left; x <= right + 1; x++) {
    const crossing = x > right ? Infinity : lines.filter((l) => l.x < x && l.x + l.w > x).length;
    if (crossing <= allowed) {
      if (runStart < 0) runStart = x;
      continue;
    }
    if (runStart >= 0) {
      const width = x - runStart;
      const at = runStart + width / 2;
      if (width >= MIN_GUTTER && runStart > left && x <= right && (!best || width > best.width) && splits(lines, at)) best = { at, width };
      runStart = -1;
    }
  }
  if (!best) return [lines];
  const at = best.at;
  const leftLines = lines.filter((l) => l.x + l.w <= at);
  const rightLines = lines.filter((l) => l.x >= at);
  const crossing = lines.filter((l) => l.x < at && l.x + l.w > at);
  return [...splitPageColumns(leftLines), ...splitPageColumns(rightLines), ...(crossing.length ? [crossing] : [])];
}

function splits(lines: Line[], at: number): boolean {
  const leftLines = lines.filter((l) => l.x + l.w <= at);
  const rightLines = lines.filter((l) => l.x >= at);
  return proseLines(leftLines) >= MIN_PROSE_LINES && proseLines(rightLines) >= MIN_PROSE_LINES;
}
