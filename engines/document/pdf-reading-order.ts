export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const SLACK = 1;

function overlapsX(a: Box, b: Box): boolean {
  return Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > SLACK;
}

function isAbove(a: Box, b: Box): boolean {
  return a.y + a.h / 2 < b.y + b.h / 2;
}

/**
 * Orders boxes the way a reader goes through a page (Breuel's rules, as in pdfminer and
 * Tesseract): a box comes before another below it when they share some width, and before a
 * box to its right unless something spanning both lies between them vertically. So columns
 * are read one after the other, and a full-width heading or table splits them into bands.
 */
export function readingOrder<T extends Box>(boxes: T[]): T[] {
  const n = boxes.length;
  // The pairwise rules cost n³; a page with this many boxes is a drawing, read top-down.
  if (n > 400) return [...boxes].sort((a, b) => positionKey(a) - positionKey(b));
  const before: boolean[][] = Array.from({ length: n }, () => Array<boolean>(n).fill(false));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i !== j) before[i]![j] = precedes(boxes, boxes[i]!, boxes[j]!);
    }
  }
  const indegree = boxes.map((_, j) => boxes.reduce((count, __, i) => count + (before[i]![j] ? 1 : 0), 0));
  const done = new Set<number>();
  const order: T[] = [];
  while (order.length < n) {
    let pick = -1;
    for (let i = 0; i < n; i++) {
      if (done.has(i) || indegree[i]! > 0) continue;
      if (pick < 0 || positionKey(boxes[i]!) < positionKey(boxes[pick]!)) pick = i;
    }
    // A cycle (odd overlaps): fall back to the topmost remaining box.
    if (pick < 0) {
      for (let i = 0; i < n; i++) if (!done.has(i) && (pick < 0 || positionKey(boxes[i]!) < positionKey(boxes[pick]!))) pick = i;
    }
    done.add(pick);
    order.push(boxes[pick]!);
    for (let j = 0; j < n; j++) if (before[pick]![j]) indegree[j]!--;
  }
  return order;
}

function positionKey(box: Box): number {
  return box.y * 10_000 + box.x;
}

function precedes(all: Box[], a: Box, b: Box): boolean {
  if (overlapsX(a, b)) return isAbove(a, b);
  if (a.x + a.w > b.x + SLACK) return false;
  const top = Math.min(a.y, b.y);
  const bottom = Math.max(a.y + a.h, b.y + b.h);
  // Something spanning both columns between them vertically decides the order instead.
  return !all.some((c) => c !== a && c !== b && overlapsX(c, a) && overlapsX(c, b) && c.y + c.h / 2 > top && c.y + c.h / 2 < bottom && separates(c, a, b));
}

function separates(c: Box, a: Box, b: Box): boolean {
  const cy = c.y + c.h / 2;
  const aCenter = a.y + a.h / 2;
  const bCenter = b.y + b.h / 2;
  return (cy > aCenter && cy < bCenter) || (cy < aCenter && cy > bCenter);
}

/** Running headers and footers sit within this share of the page height from its edge. */
const MARGIN_BAND = 0.12;

/**
 * Reading order for a whole page: a header band above everything else is read first and a
 * footer band below everything else last (a page number centred in the column gutter would
 * otherwise fall between the columns), the body by `readingOrder`.
 */
export function pageReadingOrder<T extends Box>(boxes: T[], pageHeight: number): T[] {
  const bottomOf = (b: Box) => b.y + b.h;
  const header = boxes.filter((b) => bottomOf(b) < pageHeight * MARGIN_BAND && boxes.every((o) => o === b || bottomOf(b) <= o.y || bottomOf(o) < pageHeight * MARGIN_BAND));
  const footer = boxes.filter((b) => b.y > pageHeight * (1 - MARGIN_BAND) && boxes.every((o) => o === b || b.y >= bottomOf(o) || o.y > pageHeight * (1 - MARGIN_BAND)));
  const body = boxes.filter((b) => !header.includes(b) && !footer.includes(b));
  if (body.length === 0) return readingOrder(boxes);
  return [...readingOrder(header), ...readingOrder(body), ...readingOrder(footer)];
}
