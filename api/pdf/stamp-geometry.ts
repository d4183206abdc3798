import type { STAMP_POSITIONS } from '@contracts/pdf-stamp-options.js';

/**
 * Where stamps go on a page, in the page's upright (as shown) space with pdfkit's axes: origin at
 * the top left, y down, points. Pure arithmetic, no PDF.
 */

export type StampPosition = (typeof STAMP_POSITIONS)[number];

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The upright box around a `size` box turned by `degrees`. */
export function rotatedBounds(size: Size, degrees: number): Size {
  const rad = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(rad));
  const sin = Math.abs(Math.sin(rad));
  return { width: size.width * cos + size.height * sin, height: size.width * sin + size.height * cos };
}

/** The factor (at most 1) that makes `bounds` fit inside the page less its margin, so a long text is never cut off. */
export function fitScale(bounds: Size, page: Size, margin: number): number {
  const room = { width: Math.max(1, page.width - 2 * margin), height: Math.max(1, page.height - 2 * margin) };
  return Math.min(1, room.width / bounds.width, room.height / bounds.height);
}

/** The centre of a stamp whose upright bounds are `bounds`, at one of the nine places inside the margin. */
export function anchorCentre(position: StampPosition, bounds: Size, page: Size, margin: number): Point {
  const [row, col] = position === 'center' ? ['middle', 'center'] : position.split('-');
  const x = col === 'left' ? margin + bounds.width / 2 : col === 'right' ? page.width - margin - bounds.width / 2 : page.width / 2;
  const y = row === 'top' ? margin + bounds.height / 2 : row === 'bottom' ? page.height - margin - bounds.height / 2 : page.height / 2;
  return { x, y };
}

/** At most this many copies on one page, however small the stamp: the overlay stays small. */
export const MAX_TILES = 300;

/**
 * Centres of copies covering the whole page (copies at the edges are cut by the page), in a brick
 * pattern: every other row shifted by half a step, so the copies do not line up in columns.
 * The grid is centred on the page, so a copy sits in the middle as with `center`.
 */
export function tileCentres(bounds: Size, page: Size, gap: number): Point[] {
  let stepX = bounds.width + gap;
  let stepY = bounds.height + gap;
  const count = () => (Math.ceil(page.width / stepX) + 2) * (Math.ceil(page.height / stepY) + 2);
  while (count() > MAX_TILES) {
    stepX *= 1.25;
    stepY *= 1.25;
  }
  const cx = page.width / 2;
  const cy = page.height / 2;
  const rows = Math.ceil(page.height / 2 / stepY) + 1;
  const cols = Math.ceil(page.width / 2 / stepX) + 1;
  const out: Point[] = [];
  for (let r = -rows; r <= rows; r++) {
    const shift = Math.abs(r) % 2 === 1 ? stepX / 2 : 0;
    for (let c = -cols; c <= cols; c++) {
      const x = cx + c * stepX + shift;
      const y = cy + r * stepY;
      // Only copies that reach onto the page.
      if (x + bounds.width / 2 < 0 || x - bounds.width / 2 > page.width || y + bounds.height / 2 < 0 || y - bounds.height / 2 > page.height) continue;
      out.push({ x, y });
    }
  }
  return out;
}

/** Page numbers as qpdf's ranges: `[1,2,3,5]` → `1-3,5`. */
export function compactRanges(pages: readonly number[]): string {
  const parts: string[] = [];
  let start = pages[0];
  let prev = pages[0];
  for (const page of [...pages.slice(1), undefined]) {
    if (page !== undefined && prev !== undefined && page === prev + 1) {
      prev = page;
      continue;
    }
    if (start !== undefined) parts.push(start === prev ? `${start}` : `${start}-${prev}`);
    start = page;
    prev = page;
  }
  return parts.join(',');
}

export const MM = 72 / 25.4;
