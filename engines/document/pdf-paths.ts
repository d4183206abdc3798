/**
 * Path geometry from pdf.js operator lists: which drawn paths are table rules (axis-aligned
 * strokes and thin filled rectangles) and which are coloured boxes text can sit on.
 */

/** An axis-aligned line drawn on the page (a stroke or a thin filled rectangle), in page points. */
export interface Rule {
  orientation: 'h' | 'v';
  /** y for horizontal rules, x for vertical ones. */
  at: number;
  from: number;
  to: number;
}

/** A filled rectangle (a coloured bar or cell background), in page points. */
export interface Fill {
  x: number;
  y: number;
  w: number;
  h: number;
  /** "RRGGBB". */
  color: string;
}

/** Thicker than this, a filled rectangle is a shape, not a line. */
const MAX_RULE_THICKNESS = 2.5;
const MIN_RULE_LENGTH = 4;

export type Point = [number, number];

/** pdf.js's path codes (its `DrawOPS`, which it does not export). */
const [moveTo, lineTo, curveTo, quadraticCurveTo, closePath] = [0, 1, 2, 3, 4];

/** Splits pdf.js's flat path data (path codes followed by coordinates) into polylines. */
export function readPolygons(data: ArrayLike<number>, toPage: (x: number, y: number) => Point): Point[][] {
  const polygons: Point[][] = [];
  let current: Point[] = [];
  for (let i = 0; i < data.length; ) {
    const op = data[i++];
    if (op === moveTo) {
      if (current.length) polygons.push(current);
      current = [toPage(data[i]!, data[i + 1]!)];
      i += 2;
    } else if (op === lineTo) {
      current.push(toPage(data[i]!, data[i + 1]!));
      i += 2;
    } else if (op === curveTo) {
      // Curves are never table rules; keep the end point so the polygon stays connected.
      current.push([NaN, NaN], toPage(data[i + 4]!, data[i + 5]!));
      i += 6;
    } else if (op === quadraticCurveTo) {
      current.push([NaN, NaN], toPage(data[i + 2]!, data[i + 3]!));
      i += 4;
    } else if (op === closePath) {
      if (current.length) current.push(current[0]!);
    } else {
      break;
    }
  }
  if (current.length) polygons.push(current);
  return polygons;
}

export function strokedRules(polygons: Point[][]): Rule[] {
  const rules: Rule[] = [];
  for (const points of polygons) {
    for (let i = 1; i < points.length; i++) {
      const rule = segmentRule(points[i - 1]!, points[i]!);
      if (rule) rules.push(rule);
    }
  }
  return rules;
}

function segmentRule([x0, y0]: Point, [x1, y1]: Point): Rule | null {
  if ([x0, y0, x1, y1].some(Number.isNaN)) return null;
  if (Math.abs(y1 - y0) < 0.5 && Math.abs(x1 - x0) >= MIN_RULE_LENGTH) {
    return { orientation: 'h', at: (y0 + y1) / 2, from: Math.min(x0, x1), to: Math.max(x0, x1) };
  }
  if (Math.abs(x1 - x0) < 0.5 && Math.abs(y1 - y0) >= MIN_RULE_LENGTH) {
    return { orientation: 'v', at: (x0 + x1) / 2, from: Math.min(y0, y1), to: Math.max(y0, y1) };
  }
  return null;
}

/** Filled axis-aligned rectangles big enough to hold text: bars and cell backgrounds. */
export function filledRects(polygons: Point[][]): Omit<Fill, 'color'>[] {
  const rects: Omit<Fill, 'color'>[] = [];
  for (const points of polygons) {
    if (points.length < 4 || points.length > 6 || points.some(([x, y]) => Number.isNaN(x) || Number.isNaN(y))) continue;
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const distinct = (values: number[]) => values.filter((v, i) => values.findIndex((u) => Math.abs(u - v) < 0.5) === i).length;
    const axisAligned = distinct(xs) === 2 && distinct(ys) === 2;
    const [x, y] = [Math.min(...xs), Math.min(...ys)];
    const [w, h] = [Math.max(...xs) - x, Math.max(...ys) - y];
    if (axisAligned && w > MAX_RULE_THICKNESS * 2 && h > 6) rects.push({ x, y, w, h });
  }
  return rects;
}

/** Thin filled rectangles are how many producers (Word, Excel) draw table borders. */
export function filledRules(polygons: Point[][]): Rule[] {
  const rules: Rule[] = [];
  for (const points of polygons) {
    if (points.some(([x, y]) => Number.isNaN(x) || Number.isNaN(y)) || points.length < 4) continue;
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const left = Math.min(...xs);
    const right = Math.max(...xs);
    const top = Math.min(...ys);
    const bottom = Math.max(...ys);
    const w = right - left;
    const h = bottom - top;
    if (h <= MAX_RULE_THICKNESS && w >= MIN_RULE_LENGTH) rules.push({ orientation: 'h', at: (top + bottom) / 2, from: left, to: right });
    else if (w <= MAX_RULE_THICKNESS && h >= MIN_RULE_LENGTH) rules.push({ orientation: 'v', at: (left + right) / 2, from: top, to: bottom });
  }
  return rules;
}

/** Joins collinear pieces (cell borders are often drawn cell by cell). */
export function mergeRules(rules: Rule[], tolerance = 1.5): Rule[] {
  const merged: Rule[] = [];
  const sorted = [...rules].sort((a, b) => (a.orientation === b.orientation ? a.at - b.at || a.from - b.from : a.orientation < b.orientation ? -1 : 1));
  for (const rule of sorted) {
    let last: Rule | undefined;
    for (let j = merged.length - 1; j >= 0; j--) {
      const r = merged[j]!;
      if (r.orientation !== rule.orientation || rule.at - r.at > tolerance) break;
      if (rule.from <= r.to + tolerance) {
        last = r;
        break;
      }
    }
    if (last) {
      last.to = Math.max(last.to, rule.to);
      last.from = Math.min(last.from, rule.from);
    } else {
      merged.push({ ...rule });
    }
  }
  return merged;
}
