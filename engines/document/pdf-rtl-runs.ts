import { hasRtlLetters, visualIndices } from './pdf-bidi';
import type { TextRun } from './pdf-text-runs';

/** Punctuation that opens what comes after it, and so clings to the word that follows. */
const OPENING = /^[([{«“‘]+$/u;
/** Punctuation that closes what comes before it. */
const CLOSING = /^[.,;:!?)\]}»”’،؛؟]+$/u;
/** How far from the estimated split point (in characters) a word space may be. */
const SNAP_CHARS = 3;

function isBlank(text: string): boolean {
  return text.trim().length === 0;
}

function inside(outer: TextRun, inner: TextRun): boolean {
  return inner !== outer && inner.x > outer.x + 0.5 && inner.x + inner.w < outer.x + outer.w - 0.5;
}

/** Text in visual order turned back into the logical order of a right-to-left run (the reordering is its own inverse). */
function logical(visual: string): string {
  return visualIndices(visual, 'rtl')
    .map((i) => visual[i])
    .join('');
}

/**
 * Splits right-to-left `outer` at the word space nearest to where `inner` (punctuation, a
 * number or a Latin word drawn in another font) lies inside it; null when there is none.
 * The space goes on the side that `inner` does not cling to: a "." or ")" follows the word
 * before it (on its right), a "(" the word after it; a word or number has one on both sides.
 */
function splitAround(outer: TextRun, inner: TextRun): TextRun[] | null {
  const order = visualIndices(outer.text, 'rtl');
  const visual = order.map((i) => outer.text[i]).join('');
  const estimate = ((inner.x + inner.w / 2 - outer.x) / outer.w) * visual.length;
  let at = -1;
  for (let i = 0; i < visual.length; i++) {
    if (visual[i] === ' ' && Math.abs(i + 0.5 - estimate) <= SNAP_CHARS && (at < 0 || Math.abs(i + 0.5 - estimate) < Math.abs(at + 0.5 - estimate))) at = i;
  }
  if (at < 0) return null;
  const left = logical(visual.slice(0, at)).trim();
  const right = logical(visual.slice(at + 1)).trim();
  if (!left || !right) return null;
  const rightX = inner.x + inner.w;
  // A leading space stands for the gap left of a run (see logicalPieces).
  const word = /[\p{L}\p{N}]/u.test(inner.text);
  const opening = OPENING.test(inner.text.trim());
  // Reading right to left, the left half comes after `inner`: a "." there clings to a ")" in `inner`.
  const spaceLeft = (word || !opening) && !CLOSING.test(left);
  const spaceRight = (word || opening) && !OPENING.test(right);
  return [
    { ...outer, text: left, w: inner.x - outer.x },
    spaceLeft && !inner.text.startsWith(' ') ? { ...inner, text: ` ${inner.text}` } : inner,
    { ...outer, text: spaceRight ? ` ${right}` : right, x: rightX, w: outer.x + outer.w - rightX },
  ];
}

/**
 * Some producers (LibreOffice among them) draw a right-to-left line one font at a time: the
 * Hebrew or Arabic text first, as one piece with gaps, then the punctuation, digits or Latin
 * words of a fallback font into those gaps. pdf.js returns the Hebrew or Arabic piece as one
 * item, with what was drawn in its gaps as separate items inside its extent; those are put
 * back between the words around them by splitting the piece there.
 */
export function unnestRightToLeftRuns(runs: TextRun[]): TextRun[] {
  if (!runs.some((r) => r.rtl)) return runs;
  let out = runs;
  for (let guard = 0; guard < 64; guard++) {
    let changed = false;
    for (const outer of out) {
      if (!outer.rtl || outer.w <= 0 || !hasRtlLetters(outer.text)) continue;
      const inner = out.find((r) => !isBlank(r.text) && !hasRtlLetters(r.text) && inside(outer, r));
      if (!inner) continue;
      const split = splitAround(outer, inner);
      if (!split) continue;
      out = out.flatMap((r) => (r === outer ? split : r === inner ? [] : [r]));
      changed = true;
      break;
    }
    if (!changed) break;
  }
  return out;
}
