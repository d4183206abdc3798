import { buildCharGramIndex } from './char-grams';
import type { QaCandidate, QaIndex, QaMatch, QaPair } from './types';

const HAN = /\p{Script=Han}/u;

/** A stored sentence vector by the text it was made from (undefined: not embedded yet). */
export type VectorOf = (text: string) => Float32Array | undefined;

/**
 * Every text of a bot whose vector the hybrid ranking reads: each phrasing and each answer. The
 * embedder turns Chinese into English glosses before the model reads it (semantic-gloss.ts), so
 * vectors are keyed by the text as written.
 */
export function semanticTextsOf(pairs: readonly Pick<QaPair, 'question' | 'alternatives' | 'answer'>[]): string[] {
  const texts = new Set<string>();
  for (const p of pairs) for (const t of [p.question, ...p.alternatives, p.answer]) texts.add(t);
  return [...texts];
}

/** How the hybrid score weighs its parts (docs/qa-engine.md: chosen on the development sets). */
export interface HybridWeights {
  /** Cosine of the question with the pair's closest phrasing. */
  phrasing: number;
  /** Cosine with the pair's answer. */
  answer: number;
  /** The lexical (BM25) total over what a perfect phrasing would score, capped at 1. */
  lexical: number;
  /** How much a close runner-up lowers the confidence. */
  margin: number;
  /** Cosine of the question's character n-grams with the pair's closest phrasing's (char-grams.ts), for a question holding Han characters. */
  chars: number;
  /** The same for a question without Han characters (English: measured to lose, docs/qa-engine.md). */
  charsLatin: number;
  /**
   * Added to the confidence times the share of the parts (phrasing, answer, lexical, character
   * n-grams) whose own best pair is the chosen one: parts that agree are evidence the sum alone
   * does not carry (a margin-aware confidence that also asks "do the matchers agree").
   */
  agreement: number;
}

export const HYBRID: Readonly<HybridWeights> = { phrasing: 0.4, answer: 0.3, lexical: 0.3, margin: 0.5, chars: 0.2, charsLatin: 0, agreement: 0.4 };

export interface HybridIndex {
  readonly size: number;
  /** Whether every pair has its vectors (else the ranking is lexical for the pairs without). */
  readonly semanticReady: boolean;
  /** `queryVector`: the question's sentence vector; null ranks lexically only. */
  search(question: string, queryVector: Float32Array | null, limit?: number): QaMatch;
}

interface PairVectors {
  phrasings: Float32Array[];
  answer: Float32Array | undefined;
}

/**
 * The lexical index with sentence vectors beside it: each pair scores a weighted sum of its
 * closest phrasing's cosine, its answer's cosine and its normalised lexical score. With no
 * vectors at all (the model not run yet) it is the lexical index unchanged.
 */
export function buildHybridIndex(pairs: readonly QaPair[], lexical: QaIndex, vectorOf: VectorOf, weights: HybridWeights = HYBRID): HybridIndex {
  const present = (v: Float32Array | undefined): v is Float32Array => v !== undefined;
  const vectors: PairVectors[] = pairs.map((p) => ({
    phrasings: [p.question, ...p.alternatives].map(vectorOf).filter(present),
    answer: vectorOf(p.answer),
  }));
  const chars = weights.chars > 0 || weights.charsLatin > 0 || weights.agreement > 0 ? buildCharGramIndex(pairs.map((p) => [p.question, ...p.alternatives])) : null;
  const withVectors = vectors.filter((v) => v.phrasings.length > 0).length;
  const semanticReady = pairs.length > 0 && withVectors === pairs.length;

  return {
    size: pairs.length,
    semanticReady,
    search(question, queryVector, limit = 3) {
      if (!queryVector || withVectors === 0) return lexical.search(question, limit);
      const { totals, attainable } = lexical.lexicalScores(question);
      const grams = chars?.scores(question);
      const parts = vectors.map((v, i) => {
        let phrasing = 0;
        for (const p of v.phrasings) phrasing = Math.max(phrasing, cosine(queryVector, p));
        const answer = v.answer ? cosine(queryVector, v.answer) : 0;
        const lex = Math.min(1, (totals.get(i) ?? 0) / attainable);
        return [phrasing, answer, lex, grams?.[i] ?? 0] as const;
      });
      const partWeights = [weights.phrasing, weights.answer, weights.lexical, HAN.test(question) ? weights.chars : weights.charsLatin] as const;
      const scores = parts.map((p) => p.reduce((s, x, k) => s + (partWeights[k] as number) * x, 0));
      const ranked = scores.map((s, i) => [i, s] as const).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
      const candidates: QaCandidate[] = ranked.slice(0, Math.max(1, limit)).map(([i, score]) => {
        const p = pairs[i] as QaPair;
        return { pairId: p.id, question: p.question, score };
      });
      const best = ranked[0]?.[1] ?? 0;
      const runnerUp = ranked[1]?.[1] ?? 0;
      const agree = ranked[0] ? agreement(parts, ranked[0][0]) : 0;
      return {
        candidates,
        confidence: Math.min(1, hybridConfidence(best, runnerUp, weights.margin) + weights.agreement * agree),
        closeness: Math.max(0, Math.min(1, best)),
      };
    },
  };
}

/** The share of the parts whose own best pair is `chosen` (0..1): parts agreeing is evidence no single part gives. */
function agreement(parts: readonly (readonly number[])[], chosen: number): number {
  const width = parts[0]?.length ?? 0;
  if (width === 0) return 0;
  let votes = 0;
  for (let k = 0; k < width; k++) {
    let top = -1;
    let topScore = 0;
    parts.forEach((p, i) => {
      const x = p[k] as number;
      if (x > topScore) [top, topScore] = [i, x];
    });
    if (top === chosen) votes++;
  }
  return votes / width;
}

/** The best score, lowered by how close the runner-up comes (1 − margin × runnerUp/best of it). */
export function hybridConfidence(best: number, runnerUp: number, margin: number): number {
  if (!(best > 0)) return 0;
  const closeness = Math.min(1, Math.max(0, runnerUp / best));
  return Math.max(0, Math.min(1, best * (1 - margin * closeness)));
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}
