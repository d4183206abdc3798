import { describe, expect, it } from 'vitest';
import type { FaceBox } from './ai-types';
import { subjectFirst } from './face-pick';

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
