/**
 * Word-order similarity for scoring conversions against ground truth: lower-cased word
 * tokens (each CJK character is a token of its own), then 2·LCS / (|a| + |b|), which is 1 for
 * the same words in the same order and falls with every word lost, added or moved.
 */

const TOKEN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}]+/gu;

export function wordTokens(text: string): string[] {
  return (text.normalize('NFKC').toLowerCase().match(TOKEN) ?? []) as string[];
}

/** Markdown reduced to its words: list markers, emphasis, table pipes and heading marks go. */
export function stripMarkdown(markdown: string): string {
  return markdown
    .split('\n')
    .filter((line) => !/^\s*\|?\s*:?-{3,}/.test(line))
    .map((line) =>
      line
        .replace(/^\s{0,3}#{1,6}\s+/, '')
        .replace(/^\s*(?:[-*+]|\d{1,3}[.)])\s+/, '')
        .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/[*_`|]/g, ' '),
    )
    .join('\n');
}

/** Length of the longest common subsequence, in O(n·m) time and O(m) memory. */
function lcsLength(a: string[], b: string[]): number {
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      current[j] = a[i - 1] === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

export function wordSimilarity(a: string, b: string): number {
  const ta = wordTokens(a);
  const tb = wordTokens(b);
  if (ta.length + tb.length === 0) return 1;
  return (2 * lcsLength(ta, tb)) / (ta.length + tb.length);
}

/** Share of `expected`'s words found in `actual` in the same order (recall, ignores extras). */
export function wordRecall(actual: string, expected: string): number {
  const te = wordTokens(expected);
  return te.length === 0 ? 1 : lcsLength(wordTokens(actual), te) / te.length;
}
