import bidiFactory from 'bidi-js';

type Bidi = ReturnType<typeof bidiFactory>;
let bidiInstance: Bidi | null = null;

function bidi(): Bidi {
  bidiInstance ??= bidiFactory();
  return bidiInstance;
}

/** Letters of the scripts written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko). */
const RTL_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const RTL_LETTERS = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/gu;
const LETTERS = /\p{L}/gu;

export function hasRtlLetters(text: string): boolean {
  return RTL_LETTER.test(text);
}

/**
 * A line's base direction from its letters: right to left when most of them are. The first
 * strong letter (the Unicode rule) cannot be used, as the text is still in visual order here.
 */
export function isRtlText(text: string): boolean {
  const rtl = text.match(RTL_LETTERS)?.length ?? 0;
  const all = text.match(LETTERS)?.length ?? 0;
  return rtl > 0 && rtl * 2 >= all;
}

/** A piece of a line in visual (left to right on the page) order. */
export interface VisualPiece<T> {
  /**
   * In logical order within the piece, as pdf.js returns an item (its own bidi pass applied);
   * a leading space is the gap on the page left of the piece.
   */
  text: string;
  /** pdf.js laid the piece out right to left (its `dir`). */
  rtl: boolean;
  source: T;
}

export interface LogicalPiece<T> {
  text: string;
  source: T;
  /** Holds right-to-left letters: Word's run gets `w:rtl`. */
  rtl: boolean;
}

/** The order the characters of `text` take on the page, for a run laid out in `direction`. */
export function visualIndices(text: string, direction: 'ltr' | 'rtl'): number[] {
  if (!hasRtlLetters(text)) return Array.from({ length: text.length }, (_, i) => i);
  const b = bidi();
  return b.getReorderedIndices(text, b.getEmbeddingLevels(text, direction));
}

/**
 * A line's pieces, given left to right as drawn, in logical (reading) order. Each piece is
 * first turned back into its visual characters, then the whole line is reordered by the
 * Unicode bidirectional algorithm with the line's base direction: the reordering of a line
 * with one right-to-left level and left-to-right islands in it (Latin words, numbers) is its
 * own inverse, so it maps the visual order back to the logical one. A piece that the
 * reordering splits (an item mixing scripts) comes back as several pieces.
 */
export function logicalPieces<T>(pieces: VisualPiece<T>[], rtl: boolean): LogicalPiece<T>[] {
  // UTF-16 code units, as bidi-js indexes them.
  const units: string[] = [];
  const unitOwner: number[] = [];
  pieces.forEach((piece, p) => {
    // A leading space stands for the gap left of the piece on the page: it stays in front.
    const gap = piece.text.startsWith(' ') ? 1 : 0;
    const text = piece.text.slice(gap);
    if (gap) {
      units.push(' ');
      unitOwner.push(p);
    }
    for (const i of visualIndices(text, piece.rtl ? 'rtl' : 'ltr')) {
      units.push(text[i]!);
      unitOwner.push(p);
    }
  });
  const visual = units.join('');
  const b = bidi();
  const levels = b.getEmbeddingLevels(visual, rtl ? 'rtl' : 'ltr');
  const out: { text: string; owner: number }[] = [];
  for (const i of b.getReorderedIndices(visual, levels)) {
    // No mirroring: producers map a mirrored glyph to the character typed (a "(" drawn as ")" is "(").
    const last = out.at(-1);
    if (last && last.owner === unitOwner[i]) last.text += units[i];
    else out.push({ text: units[i]!, owner: unitOwner[i]! });
  }
  return out.map(({ text, owner }) => ({ text, source: pieces[owner]!.source, rtl: hasRtlLetters(text) }));
}
