import { describe, expect, it } from 'vitest';
import { pageRanges, recognisedSummary } from './recognised-pages';

describe('recognised pages note', () => {
  it('writes runs of pages as ranges', () => {
    expect(pageRanges([5, 1, 2, 3, 9, 10])).toBe('1–3, 5, 9–10');
    expect(pageRanges([4])).toBe('4');
  });

  it('gives the mean confidence, or nothing when no page was read', () => {
    expect(recognisedSummary([{ page: 2, confidence: 90 }, { page: 3, confidence: 93 }])).toEqual({ pages: '2–3', confidence: 92 });
    expect(recognisedSummary([])).toBeNull();
  });
});
