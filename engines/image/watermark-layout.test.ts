import { describe, expect, it } from 'vitest';
import { PLACES } from './types';
import { layoutMarks, markMargin, MAX_TILES, placeMark, tileMarks } from './watermark-layout';

const image = { width: 1000, height: 600 };
const mark = { width: 100, height: 20 };

describe('placeMark', () => {
  it('puts a single mark at each of the nine places, margin from the edges', () => {
    const margin = markMargin(image);
    expect(margin).toBe(12);
    const points = PLACES.map((place) => placeMark(image, mark, place));
    expect(points).toEqual([
      { x: 12, y: 12 },
      { x: 450, y: 12 },
      { x: 888, y: 12 },
      { x: 12, y: 290 },
      { x: 450, y: 290 },
      { x: 888, y: 290 },
      { x: 12, y: 568 },
      { x: 450, y: 568 },
      { x: 888, y: 568 },
    ]);
  });

  it('uses the spec default leftBottom: left edge, bottom edge', () => {
    const p = placeMark({ width: 512, height: 512 }, { width: 60, height: 16 }, 'leftBottom');
    expect(p).toEqual({ x: 10, y: 512 - 16 - 10 });
  });

  it('keeps a margin of at least 4 px on tiny pictures', () => {
    expect(markMargin({ width: 50, height: 30 })).toBe(4);
  });
});

describe('tileMarks', () => {
  it('spaces marks by width + horizontal and rows by height + vertical, in a brick pattern', () => {
    const points = tileMarks(image, mark, 100, 80);
    const rows = [...new Set(points.map((p) => p.y))];
    expect(rows).toEqual([40, 140, 240, 340, 440, 540]);
    const row0 = points.filter((p) => p.y === 40).map((p) => p.x);
    const row1 = points.filter((p) => p.y === 140).map((p) => p.x);
    expect(row0).toEqual([50, 250, 450, 650, 850]);
    expect(row1).toEqual([-50, 150, 350, 550, 750, 950]);
  });

  it('returns only marks that touch the picture and covers it edge to edge', () => {
    const points = tileMarks(image, mark, 30, 10);
    for (const p of points) {
      expect(p.x + mark.width).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(image.width);
      expect(p.y).toBeLessThan(image.height);
    }
    expect(Math.min(...points.map((p) => p.x))).toBeLessThanOrEqual(15);
    expect(Math.max(...points.map((p) => p.x + mark.width))).toBeGreaterThanOrEqual(image.width - 130);
  });

  it('caps the number of marks on huge pictures with tiny marks', () => {
    const points = tileMarks({ width: 4000, height: 3000 }, { width: 2, height: 2 }, 0, 0);
    expect(points.length).toBeLessThanOrEqual(MAX_TILES * 1.1);
    expect(points.length).toBeGreaterThan(MAX_TILES / 2);
  });
});

describe('layoutMarks', () => {
  it('gives one box for type 1 and many for type 2', () => {
    const options = { place: 'leftBottom' as const, horizontal: 100, vertical: 80 };
    expect(layoutMarks(image, mark, { ...options, type: 1 })).toEqual([{ x: 12, y: 568, width: 100, height: 20 }]);
    expect(layoutMarks(image, mark, { ...options, type: 2 }).length).toBe(3 * 5 + 3 * 6);
  });
});
