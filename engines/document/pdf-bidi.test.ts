import { describe, expect, it } from 'vitest';
import { isRtlText, logicalPieces, type VisualPiece } from './pdf-bidi';

/** Pieces as pdf.js gives them: each in logical order inside, listed left to right on the page. */
function piece(text: string, rtl = false): VisualPiece<string> {
  return { text, rtl, source: text.trim() };
}

const read = (pieces: VisualPiece<string>[], rtl: boolean) =>
  logicalPieces(pieces, rtl)
    .map((p) => p.text)
    .join('')
    .trim();

describe('logicalPieces', () => {
  it('reads a right-to-left line from its right end, keeping numbers and Latin words as typed', () => {
    // "בשנת 2024 השאילו דרך Library Online" drawn right to left: the last words on the left.
    const visual = [piece('דרך', true), piece(' Library Online'), piece(' השאילו', true), piece(' 2024'), piece(' בשנת', true)];
    expect(read(visual, true)).toBe('בשנת 2024 השאילו Library Online דרך');
  });

  it('reverses the order of Hebrew words drawn one by one inside a left-to-right sentence', () => {
    const visual = [piece('see'), piece(' עולם', true), piece(' שלום', true), piece(' here')];
    expect(read(visual, false)).toBe('see שלום עולם here');
  });

  it('keeps Arabic-Indic digits in their own order', () => {
    const visual = [piece('زائرا', true), piece(' ١٢٠', true), piece(' بحضور', true)];
    expect(read(visual, true)).toBe('بحضور ١٢٠ زائرا');
  });

  it('marks only the pieces with Hebrew or Arabic letters right to left', () => {
    const out = logicalPieces([piece('Online'), piece(' החדש', true)], true);
    expect(out.map((p) => [p.source, p.rtl])).toEqual([
      ['החדש', true],
      ['Online', false],
    ]);
  });
});

describe('isRtlText', () => {
  it('follows most of the letters', () => {
    expect(isRtlText('בשנת 2024 השאילו Library')).toBe(true);
    expect(isRtlText('The word שלום means peace')).toBe(false);
    expect(isRtlText('2024 – 15000')).toBe(false);
  });
});
