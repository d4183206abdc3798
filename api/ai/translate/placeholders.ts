/**
 * What a translation must not touch, replaced by numbered tokens before the text goes to the
 * model and put back after: formulas, code, links, e-mail addresses and numbers (with their
 * units, dates and versions). A translation whose tokens do not all come back exactly once is
 * not used (see restore).
 */

const UNITS_ATTACHED = '%|‰|°[CF]?|km|cm|mm|nm|µm|m|kg|mg|g|ms|µs|ns|s|min|h|KB|kB|MB|GB|TB|Kb|Mb|Gb|Hz|kHz|MHz|GHz|px|pt|em|rem|V|mV|kV|W|kW|MW|A|mA|mAh|Wh|kWh|L|ml|mL|x|K|k|M|B';
/** After a space only unambiguous units: "5 in" or "3 a" are words, not units. */
const UNITS_SPACED = '%|km|cm|mm|nm|kg|mg|ms|KB|kB|MB|GB|TB|Hz|kHz|MHz|GHz|px|mAh|kWh|kW|°C|°F';

const PROTECTED = new RegExp(
  [
    '[⟦⟧]', // our own brackets, when the source happens to hold them
    String.raw`\$\$[\s\S]+?\$\$`, // display formula
    String.raw`\\\[[\s\S]+?\\\]`,
    String.raw`\\\([\s\S]+?\\\)`, // inline formula
    String.raw`(?<![\w$\\])\$(?!\s)[^$\n]+?(?<!\s)\$(?![\w$])`, // $…$ (not prices like "$5 and $6")
    '```[\\s\\S]+?```', // fenced code
    '`[^`\\n]+`', // inline code
    String.raw`\b(?:https?|ftp)://[^\s<>"'()（）]*[^\s<>"'()（）.,;:!?。，；：！？、]`, // URL
    String.raw`\bwww\.[^\s<>"'()（）]*[^\s<>"'()（）.,;:!?。，；：！？、]`,
    String.raw`\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b`, // e-mail
    String.raw`\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?)?\b`, // ISO date (and time)
    String.raw`\b\d{1,2}:\d{2}(?::\d{2})?\b`, // time of day
    String.raw`\bv?\d+(?:\.\d+){2,}(?:-[\w.]+)?\b`, // version 1.2.3
    String.raw`\bv\d+(?:\.\d+)?\b`, // v2, v2.1
    `[-+−]?\\d[\\d,]*(?:\\.\\d+)?(?:[eE][-+]?\\d+)?(?:(?:${UNITS_ATTACHED})(?![A-Za-z])|\\s(?:${UNITS_SPACED})(?![A-Za-z]))?`, // number with unit
  ].join('|'),
  'gu',
);

/** ⟦n⟧: brackets no source text uses, which models copy faithfully; spaces inside are forgiven. */
const TOKEN = /⟦\s*(\d+)\s*⟧/gu;
export const token = (n: number) => `⟦${n}⟧`;

export interface Masked {
  /** The text with protected parts replaced by ⟦0⟧, ⟦1⟧, … */
  masked: string;
  /** The protected parts, by token number. */
  parts: string[];
}

export function protect(text: string): Masked {
  const parts: string[] = [];
  const masked = text.replace(PROTECTED, (m) => token(parts.push(m) - 1));
  return { masked, parts };
}

/**
 * The translation with its protected parts put back, or null when any token is missing,
 * repeated or unknown: the caller retries that paragraph once, then marks it failed.
 */
export function restore(translated: string, parts: readonly string[]): string | null {
  const seen = new Array<number>(parts.length).fill(0);
  for (const m of translated.matchAll(TOKEN)) {
    const n = Number(m[1]);
    if (n >= parts.length) return null;
    seen[n]! += 1;
  }
  if (seen.some((count) => count !== 1)) return null;
  return translated.replace(TOKEN, (_, n: string) => parts[Number(n)]!);
}

/** True when nothing is left to translate once the protected parts are out (a formula, a number, a URL). */
export function nothingToTranslate(masked: string): boolean {
  return !/\p{L}/u.test(masked.replace(TOKEN, ''));
}
