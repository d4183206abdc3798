/**
 * Typo tolerance for English: a question's term that the index has never seen is replaced by
 * the index term closest to it (Damerau-Levenshtein distance 1, or 2 for terms of 8+ letters),
 * so "refnud" finds "refund". Short terms and non-letters are left alone: at that length a
 * single edit turns one real word into another.
 */
export interface Vocabulary {
  /** Known terms by length. */
  byLength: Map<number, string[]>;
}

export function buildVocabulary(terms: Iterable<string>): Vocabulary {
  const byLength = new Map<number, string[]>();
  for (const t of new Set(terms)) {
    if (!/^[a-z]{4,}$/.test(t)) continue;
    let list = byLength.get(t.length);
    if (!list) byLength.set(t.length, (list = []));
    list.push(t);
  }
  return { byLength };
}

export function correctTypo(term: string, vocabulary: Vocabulary): string {
  if (!/^[a-z]{5,}$/.test(term)) return term;
  const max = term.length >= 8 ? 2 : 1;
  let best = term;
  let bestDistance = max + 1;
  for (let len = term.length - max; len <= term.length + max; len++) {
    for (const candidate of vocabulary.byLength.get(len) ?? []) {
      const d = distance(term, candidate, bestDistance);
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
  }
  return best;
}

/** Optimal-string-alignment distance, giving up once every cell of a row exceeds `limit`. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (prev2[j - 2] as number) + 1);
      row.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin >= limit) return limit;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length] as number;
}
