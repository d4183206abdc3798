import { describe, expect, it } from 'vitest';
import type { FaceBox } from './ai-types';
import { lookAgainRegion, overlap, refinedFace, subjectFirst } from './face-pick';

const face = (x: number, y: number, side: number, score: number): FaceBox => ({ x, y, width: side, height: side, score });

describe('subjectFirst', () => {
  it('takes the largest of the confident faces (a group photo’s main subject)', () => {
    const faces = [face(0, 0, 40, 0.95), face(100, 0, 90, 0.9), face(200, 0, 60, 0.97)];
    expect(subjectFirst(faces).map((f) => f.width)).toEqual([90, 60, 40]);
  });

  it('does not let a larger weak detection win over a clear face', () => {
    const shadow = face(0, 0, 58, 0.45);
    const real = face(150, 120, 39, 0.93);
    expect(subjectFirst([shadow, real])[0]).toBe(real);
    expect(subjectFirst([shadow, real])[1]).toBe(shadow);
  });

  it('keeps every face, and copes with none or one', () => {
    expect(subjectFirst([])).toEqual([]);
    const one = face(5, 5, 10, 0.41);
    expect(subjectFirst([one])).toEqual([one]);
  });
});

describe('lookAgainRegion', () => {
  it('asks for no second look when the face fills much of the picture', () => {
    expect(lookAgainRegion({ width: 300, height: 400 }, face(80, 100, 150, 0.9))).toBeNull();
  });

  it('centres a square of 2.6 face sides on a small face, past the edges if need be', () => {
    const region = lookAgainRegion({ width: 380, height: 500 }, face(10, 20, 40, 0.9));
    expect(region).toEqual({ x: -22, y: -12, width: 104, height: 104 });
  });
});

describe('refinedFace', () => {
  const first = face(200, 300, 40, 0.8);
  const region = { x: 150, y: 250, width: 140, height: 140 };

  it('takes the second look’s box that overlaps the first one most, moved back into the picture', () => {
    const found = [face(5, 5, 20, 0.9), face(44, 46, 52, 0.95)];
    const refined = refinedFace(first, region, found);
    expect(refined).toEqual({ x: 194, y: 296, width: 52, height: 52, score: 0.95 });
    expect(overlap(refined, first)).toBeGreaterThan(1 / 3);
  });

  it('keeps the first box when the second look finds nothing near it', () => {
    expect(refinedFace(first, region, [])).toBe(first);
    expect(refinedFace(first, region, [face(0, 0, 30, 0.99)])).toBe(first);
  });
});

describe('overlap', () => {
  it('is 1 for the same box, 0 apart, and between for a partial overlap', () => {
    expect(overlap(face(0, 0, 10, 1), face(0, 0, 10, 1))).toBe(1);
    expect(overlap(face(0, 0, 10, 1), face(20, 0, 10, 1))).toBe(0);
    expect(overlap(face(0, 0, 10, 1), face(5, 0, 10, 1))).toBeCloseTo(50 / 150);
  });
});
