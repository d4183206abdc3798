import { removeCjkSpaces } from './cjk';

/** Whitespace runs become one space, none at the ends, none between CJK characters. */
export function normaliseForCer(text: string): string {
  return removeCjkSpaces(text.normalize('NFKC').replace(/\s+/gu, ' ').trim());
}

/** Levenshtein distance over code points (two rows, O(n·m) time, O(m) memory). */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      row.push(Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost));
    }
    prev = row;
  }
  return prev[y.length] ?? 0;
}

/** Character error rate: edit distance over the reference's length, both normalised first. */
export function characterErrorRate(reference: string, hypothesis: string): number {
  const ref = normaliseForCer(reference);
  const hyp = normaliseForCer(hypothesis);
  const length = [...ref].length;
  if (length === 0) return hyp.length === 0 ? 0 : 1;
  return editDistance(ref, hyp) / length;
}
