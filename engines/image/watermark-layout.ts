import { anchorFractions, type Box, type Size } from './crop-box.js';
import type { Place } from './types.js';

export interface Point {
  x: number;
  y: number;
}

/** Most marks one picture gets when tiled; past it the gaps grow (a 1 px mark on 12 MP would be millions). */
export const MAX_TILES = 2_000;

/** Distance of a single mark from the picture's edges: 2% of the shorter side, at least 4 px. */
export function markMargin(image: Size): number {
  return Math.max(4, Math.round(Math.min(image.width, image.height) * 0.02));
}

/** Top-left corner of one mark at an anchor, `margin` from the edges (centred on a middle axis). */
export function placeMark(image: Size, mark: Size, place: Place, margin = markMargin(image)): Point {
  const { fx, fy } = anchorFractions(place);
  const axis = (total: number, size: number, f: number) =>
    f === 0 ? margin : f === 1 ? total - size - margin : Math.round((total - size) / 2);
  return { x: axis(image.width, mark.width, fx), y: axis(image.height, mark.height, fy) };
}

/**
 * Top-left corners of tiled marks: rows `mark.height + vertical` apart, marks in a row
 * `mark.width + horizontal` apart, every other row shifted half a step (a brick pattern, so no
 * straight gap runs down the picture). Only marks that touch the picture are returned.
 */
export function tileMarks(image: Size, mark: Size, horizontal: number, vertical: number): Point[] {
  let stepX = Math.max(1, mark.width + Math.max(0, horizontal));
  let stepY = Math.max(1, mark.height + Math.max(0, vertical));
  const estimate = (image.width / stepX + 2) * (image.height / stepY + 1);
  if (estimate > MAX_TILES) {
    const grow = Math.sqrt(estimate / MAX_TILES);
    stepX *= grow;
    stepY *= grow;
  }
  const points: Point[] = [];
  const top = Math.max(0, vertical) / 2;
  for (let row = 0, y = top; y < image.height; row += 1, y = top + row * stepY) {
    const shift = row % 2 === 1 ? -stepX / 2 : 0;
    for (let x = Math.max(0, horizontal) / 2 + shift; x < image.width; x += stepX) {
      if (x + mark.width > 0) points.push({ x: Math.round(x), y: Math.round(y) });
    }
  }
  return points;
}

/** The marks for a watermark config: one at `place` (type 1) or tiled (type 2). */
export function layoutMarks(image: Size, mark: Size, options: { type: number; place: Place; horizontal: number; vertical: number }): Box[] {
  const points = options.type === 2 ? tileMarks(image, mark, options.horizontal, options.vertical) : [placeMark(image, mark, options.place)];
  return points.map((p) => ({ ...p, ...mark }));
}
