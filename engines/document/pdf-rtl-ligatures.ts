import type { PdfJs } from './pdf-load';
import type { OperatorList } from './pdf-graphics';
import { hasRtlLetters } from './pdf-bidi';
import type { TextRun } from './pdf-text-runs';

const LETTER = /[\p{L}\p{M}]/u;

function glyphText(glyph: unknown): string | null {
  // A showText argument mixes glyph objects with numbers (kerning adjustments).
  if (typeof glyph !== 'object' || glyph === null || !('unicode' in glyph)) return null;
  return typeof glyph.unicode === 'string' ? glyph.unicode : null;
}

interface DrawnGlyph {
  /** The glyph's characters, presentation forms ("ﻻ") normalised to the letters they stand for, as pdf.js and the text runs have them. */
  letters: string;
  /** The PDF maps the glyph to more than one character (a ligature). */
  ligature: boolean;
}

/** The glyphs of each word drawn by one text-showing operator, in drawing order. */
function drawnWords(glyphs: unknown[]): DrawnGlyph[][] {
  const words: DrawnGlyph[][] = [];
  let word: DrawnGlyph[] = [];
  for (const glyph of glyphs) {
    const text = glyphText(glyph);
    if (text === null) continue;
    const letters = text.normalize('NFKC');
    if (letters.length > 0 && [...letters].every((c) => LETTER.test(c))) word.push({ letters, ligature: [...text].length > 1 });
    else {
      if (word.length) words.push(word);
      word = [];
    }
  }
  if (word.length) words.push(word);
  return words;
}

function reverse(text: string): string {
  return [...text].reverse().join('');
}

/**
 * Arabic fonts draw lam + alef as one glyph, which the PDF maps to both letters in reading
 * order ("لا"). The glyphs of a right-to-left word are drawn from its end, and pdf.js turns
 * them back by reversing the characters, so the pair inside the ligature comes out swapped
 * ("السلام" reads "السالم"). The operator list still has the glyphs: for each drawn word with
 * such a glyph, the swapped spelling pdf.js gives and the right one, reversed glyph by glyph.
 * A swapped spelling that the page also draws without a ligature is left alone.
 */
export function ligatureRepairs(pdfjs: PdfJs, ops: OperatorList): Map<string, string> {
  const repairs = new Map<string, string>();
  const plain = new Set<string>();
  for (let i = 0; i < ops.fnArray.length; i++) {
    if (ops.fnArray[i] !== pdfjs.OPS.showText) continue;
    const glyphs = (ops.argsArray[i] as unknown[] | null)?.[0];
    if (!Array.isArray(glyphs)) continue;
    for (const word of drawnWords(glyphs)) {
      const joined = word.map((g) => g.letters).join('');
      if (!hasRtlLetters(joined)) continue;
      const swapped = reverse(joined);
      if (word.some((g) => g.ligature)) repairs.set(swapped, word.map((g) => g.letters).reverse().join(''));
      else plain.add(swapped);
    }
  }
  for (const swapped of plain) repairs.delete(swapped);
  for (const [swapped, right] of repairs) if (swapped === right) repairs.delete(swapped);
  return repairs;
}

/** The runs with the swapped spellings `ligatureRepairs` found replaced, whole words only. */
export function repairLigatures(runs: TextRun[], repairs: Map<string, string>): TextRun[] {
  if (repairs.size === 0) return runs;
  return runs.map((run) => {
    if (!hasRtlLetters(run.text)) return run;
    const text = run.text.replace(/[\p{L}\p{M}]+/gu, (word) => repairs.get(word) ?? word);
    return text === run.text ? run : { ...run, text };
  });
}
