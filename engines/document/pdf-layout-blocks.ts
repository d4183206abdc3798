import type { Line } from './pdf-layout-lines';

/** Lines that sit together in one column with normal line spacing: a text box in XML and PPT. */
export interface Block {
  x: number;
  y: number;
  w: number;
  h: number;
  lines: Line[];
  /** The lines of a table's cells, gathered as one block for XML and slides. */
  table?: boolean;
}

/** The usual distance between baselines of consecutive lines on the page, in ems. */
export function typicalLinePitch(lines: Line[]): number {
  const pitches: number[] = [];
  const sorted = [...lines].sort((a, b) => a.baseline - b.baseline);
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1]!, sorted[i]!];
    const overlaps = Math.min(a.x + a.w, b.x + b.w) > Math.max(a.x, b.x);
    const pitch = (b.baseline - a.baseline) / a.size;
    if (overlaps && Math.abs(a.size - b.size) < 0.5 && pitch >= 0.95 && pitch <= 3) pitches.push(pitch);
  }
  pitches.sort((a, b) => a - b);
  // The lower third: on pages of one-line paragraphs most distances are paragraph gaps.
  return pitches[Math.floor(pitches.length / 3)] ?? 1.2;
}

function overlapX(a: { x: number; w: number }, b: { x: number; w: number }): number {
  return Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
}

function similarSize(a: Line, b: Line): boolean {
  return Math.min(a.size, b.size) >= 0.8 * Math.max(a.size, b.size);
}

function grow(block: Block, line: Line): void {
  const right = Math.max(block.x + block.w, line.x + line.w);
  const bottom = Math.max(block.y + block.h, line.y + line.h);
  block.x = Math.min(block.x, line.x);
  block.y = Math.min(block.y, line.y);
  block.w = right - block.x;
  block.h = bottom - block.y;
  block.lines.push(line);
}

/**
 * Groups lines into blocks: a line joins the block just above it when they overlap
 * horizontally, have similar sizes, and sit no further apart than normal line spacing
 * (adapted to the page, so double-spaced text still forms blocks).
 */
export function buildBlocks(lines: Line[]): Block[] {
  const pitch = typicalLinePitch(lines);
  // Wider than double spacing is a paragraph gap whatever the page's habits.
  const maxPitchEm = Math.max(1.45, Math.min(pitch * 1.22, 2.2));
  const blocks: Block[] = [];
  const sorted = [...lines].sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  for (const line of sorted) {
    const neighbours = sorted.filter((l) => l !== line && Math.abs(l.baseline - line.baseline) < 0.5 * line.size);
    let best: Block | null = null;
    let bestDistance = Infinity;
    for (const block of blocks) {
      const last = block.lines.at(-1)!;
      const distance = line.baseline - last.baseline;
      if (distance <= 0.3 * line.size || distance > maxPitchEm * Math.max(line.size, last.size)) continue;
      if (!similarSize(line, last) || overlapX(line, block) <= 0) continue;
      // A wide line followed by two columns: neither column continues the wide block.
      if (neighbours.some((n) => overlapX(n, last) > 0)) continue;
      if (distance < bestDistance) {
        best = block;
        bestDistance = distance;
      }
    }
    if (best) grow(best, line);
    else blocks.push({ x: line.x, y: line.y, w: line.w, h: line.h, lines: [line] });
  }
  return blocks;
}
