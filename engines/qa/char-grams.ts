import { isStopWord, normalise } from './analyse';

const RUNS = /(\p{Script=Han}+)|([\p{L}\p{N}]+)/gu;

/**
 * A text's character n-grams, for the field that matches what word terms miss: typos
 * ("apointment" still shares most 3-grams with "appointment"), compounds and word forms
 * ("toothbrush" / "tooth brush"), and Chinese words jieba cuts differently in two texts.
 * English (any non-Han run): each content word padded as `#word#`, its 3-grams. Chinese: each Han
 * character that is not a stop-word, and each pair of adjacent characters.
 */
export function charGrams(text: string): string[] {
  const out: string[] = [];
  for (const m of normalise(text).matchAll(RUNS)) {
    if (m[1] !== undefined) {
      const chars = Array.from(m[1]);
      chars.forEach((c, i) => {
        if (!isStopWord(c)) out.push(c);
        const next = chars[i + 1];
        if (next !== undefined) out.push(c + next);
      });
      continue;
    }
    const word = m[2] as string;
    if (word.length < 2 || isStopWord(word)) continue;
    const padded = Array.from(`#${word}#`);
    for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3).join(''));
  }
  return out;
}

export interface CharGramIndex {
  /** Per pair position: the cosine of the question's n-gram vector with its closest phrasing's (0..1). */
  scores(question: string): Float64Array;
}

/**
 * TF-IDF vectors of character n-grams (tf 1 + ln tf; idf over pairs, so a pair's many phrasings
 * count once), one per phrasing; a pair scores its closest phrasing's cosine. A question's
 * n-grams no phrasing holds stay in its norm at the highest idf, so a question about something
 * the bot never mentions scores low.
 */
export function buildCharGramIndex(phrasings: readonly (readonly string[])[]): CharGramIndex {
  const n = phrasings.length;
  const docs: { pair: number; grams: Map<string, number> }[] = [];
  const pairsOf = new Map<string, Set<number>>();
  phrasings.forEach((texts, pair) => {
    for (const text of texts) {
      const grams = counts(charGrams(text));
      docs.push({ pair, grams });
      for (const g of grams.keys()) {
        let set = pairsOf.get(g);
        if (!set) pairsOf.set(g, (set = new Set()));
        set.add(pair);
      }
    }
  });
  const idfOf = (g: string) => Math.log(1 + n / ((pairsOf.get(g)?.size ?? 0) + 0.5));
  const postings = new Map<string, { doc: number; w: number }[]>();
  docs.forEach((d, id) => {
    const weights = [...d.grams].map(([g, tf]) => [g, (1 + Math.log(tf)) * idfOf(g)] as const);
    const norm = Math.sqrt(weights.reduce((s, [, w]) => s + w * w, 0)) || 1;
    for (const [g, w] of weights) {
      let list = postings.get(g);
      if (!list) postings.set(g, (list = []));
      list.push({ doc: id, w: w / norm });
    }
  });

  return {
    scores(question) {
      const out = new Float64Array(n);
      const grams = counts(charGrams(question));
      if (grams.size === 0 || docs.length === 0) return out;
      const weights = [...grams].map(([g, tf]) => [g, (1 + Math.log(tf)) * idfOf(g)] as const);
      const norm = Math.sqrt(weights.reduce((s, [, w]) => s + w * w, 0)) || 1;
      const dots = new Float64Array(docs.length);
      for (const [g, w] of weights) {
        const list = postings.get(g);
        if (!list) continue;
        for (const { doc, w: dw } of list) dots[doc] = (dots[doc] as number) + (w / norm) * dw;
      }
      dots.forEach((s, id) => {
        const pair = (docs[id] as { pair: number }).pair;
        if (s > (out[pair] as number)) out[pair] = Math.min(1, s);
      });
      return out;
    },
  };
}

function counts(grams: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const g of grams) m.set(g, (m.get(g) ?? 0) + 1);
  return m;
}
