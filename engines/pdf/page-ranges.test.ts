import { describe, expect, it } from 'vitest';
import { parsePageRanges } from './page-ranges';
import { PdfOptionsError } from './pdf-options-error';

function refusal(text: string, pageCount: number): { reason: string; detail: string } | null {
  try {
    parsePageRanges(text, pageCount);
    return null;
  } catch (error) {
    if (!(error instanceof PdfOptionsError)) throw error;
    return { reason: error.reason, detail: error.detail };
  }
}

describe('parsePageRanges', () => {
  it('reads single pages, closed ranges and open ends in the order typed', () => {
    expect(parsePageRanges('1-3, 5, 8-', 10)).toEqual([
      { from: 1, to: 3 },
      { from: 5, to: 5 },
      { from: 8, to: 10 },
    ]);
  });

  it('allows spaces anywhere between numbers and overlapping ranges', () => {
    expect(parsePageRanges('  4 - 6 ,2,  3 -  ', 6)).toEqual([
      { from: 4, to: 6 },
      { from: 2, to: 2 },
      { from: 3, to: 6 },
    ]);
  });

  it('accepts the last page itself and a one-page range', () => {
    expect(parsePageRanges('10, 10-, 7-7', 10)).toEqual([
      { from: 10, to: 10 },
      { from: 10, to: 10 },
      { from: 7, to: 7 },
    ]);
  });

  it('refuses pages past the end, naming the range that went too far', () => {
    expect(refusal('1-3, 9-12', 10)).toEqual({ reason: 'pageOutOfRange', detail: '9-12' });
    expect(refusal('11', 10)).toEqual({ reason: 'pageOutOfRange', detail: '11' });
    expect(refusal('11-', 10)).toEqual({ reason: 'pageOutOfRange', detail: '11-' });
  });

  it('refuses page 0', () => {
    expect(refusal('0', 10)).toEqual({ reason: 'pageOutOfRange', detail: '0' });
    expect(refusal('0-2', 10)).toEqual({ reason: 'pageOutOfRange', detail: '0-2' });
  });

  it('refuses a reversed range', () => {
    expect(refusal('2, 5-3', 10)).toEqual({ reason: 'rangeInvalid', detail: '5-3' });
  });

  it('refuses text that is not a list of ranges', () => {
    expect(refusal('', 10)?.reason).toBe('rangeInvalid');
    expect(refusal('1,,2', 10)).toEqual({ reason: 'rangeInvalid', detail: '' });
    expect(refusal('1-2-3', 10)).toEqual({ reason: 'rangeInvalid', detail: '1-2-3' });
    expect(refusal('-4', 10)).toEqual({ reason: 'rangeInvalid', detail: '-4' });
    expect(refusal('two', 10)).toEqual({ reason: 'rangeInvalid', detail: 'two' });
  });
});
