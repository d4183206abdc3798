/**
 * A line of text in any script as runs to draw left to right: each run one font and one
 * direction. A simplified Unicode bidi: letters of right-to-left scripts are R, other letters and
 * all digits L (numbers read left to right even inside Arabic), spaces and punctuation take the
 * direction of the letters around them (the line's when those differ). fontkit shapes each run and
 * reverses the glyphs of a right-to-left one itself; here only the order of the runs is decided.
 */

/** A face that can say whether it draws a character. */
export interface CoverageFont<K> {
  key: K;
  covers: (codePoint: number) => boolean;
}

export interface TextRun<K> {
  text: string;
  font: K;
  rtl: boolean;
}

type Direction = 'L' | 'R' | 'N';

const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}]/u;
const DIGIT = /\p{Nd}/u;
const LETTER = /\p{L}/u;
const MARK = /\p{M}/u;

function directionOf(char: string): Direction {
  if (DIGIT.test(char)) return 'L';
  if (RTL_LETTER.test(char)) return MARK.test(char) ? 'N' : 'R';
  return LETTER.test(char) ? 'L' : 'N';
}

/** The line's direction: that of its first letter (digits do not decide it). */
export function lineIsRtl(text: string): boolean {
  for (const char of text) {
    if (DIGIT.test(char)) continue;
    if (RTL_LETTER.test(char) && !MARK.test(char)) return true;
    if (LETTER.test(char)) return false;
  }
  return false;
}

/** Each character's resolved direction: marks follow their base, neutrals their neighbours. */
function resolve(chars: string[], rtlLine: boolean): ('L' | 'R')[] {
  const raw = chars.map(directionOf);
  const line = rtlLine ? 'R' : 'L';
  return raw.map((dir, i): 'L' | 'R' => {
    if (dir !== 'N') return dir;
    if (MARK.test(chars[i]!) && i > 0) {
      // A combining mark belongs with the letter before it.
      for (let j = i - 1; j >= 0; j--) {
        const base = raw[j]!;
        if (base !== 'N') return base;
      }
    }
    let before: Direction = 'N';
    for (let j = i - 1; j >= 0 && before === 'N'; j--) before = raw[j]!;
    let after: Direction = 'N';
    for (let j = i + 1; j < raw.length && after === 'N'; j++) after = raw[j]!;
    return before === after && before !== 'N' ? before : line;
  });
}

/** Splits one direction's text by font: a font is kept while it covers the characters, so spaces and digits stay with their neighbours. */
function fontRuns<K>(text: string, fonts: readonly CoverageFont<K>[]): { text: string; font: K }[] | { missing: number } {
  const runs: { text: string; font: K }[] = [];
  let current: CoverageFont<K> | undefined;
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (!current || !current.covers(cp)) {
      const next = fonts.find((f) => f.covers(cp));
      if (!next) {
        // Marks and invisible formatting characters the font lacks are left to the current run.
        if (current && (MARK.test(char) || /\p{Cf}/u.test(char))) {
          runs[runs.length - 1]!.text += char;
          continue;
        }
        return { missing: cp };
      }
      if (next !== current) runs.push({ text: '', font: next.key });
      current = next;
    }
    runs[runs.length - 1]!.text += char;
  }
  return runs;
}

/**
 * The runs of `text` in drawing order (left to right), or the first code point no font covers.
 * `fonts` in order of preference.
 */
export function layoutRuns<K>(text: string, fonts: readonly CoverageFont<K>[]): TextRun<K>[] | { missing: number } {
  const chars = Array.from(text);
  const rtlLine = lineIsRtl(text);
  const dirs = resolve(chars, rtlLine);
  const segments: { text: string; rtl: boolean }[] = [];
  chars.forEach((char, i) => {
    const rtl = dirs[i] === 'R';
    const last = segments[segments.length - 1];
    if (last && last.rtl === rtl) last.text += char;
    else segments.push({ text: char, rtl });
  });
  if (rtlLine) segments.reverse();
  const out: TextRun<K>[] = [];
  for (const segment of segments) {
    const runs = fontRuns(segment.text, fonts);
    if ('missing' in runs) return runs;
    const ordered = segment.rtl ? [...runs].reverse() : runs;
    out.push(...ordered.map((r) => ({ ...r, rtl: segment.rtl })));
  }
  return out;
}

/** The characters of `text` that no font of `fonts` covers (for looking one up). */
export function uncovered<K>(text: string, fonts: readonly CoverageFont<K>[]): number[] {
  const missing = new Set<number>();
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (MARK.test(char) || /\p{Cf}/u.test(char) || /\s/u.test(char)) continue;
    if (!fonts.some((f) => f.covers(cp))) missing.add(cp);
  }
  return [...missing];
}
