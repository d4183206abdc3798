import { createAnalyser } from './analyse';
import type { QaCandidate, QaIndex, QaIndexOptions, QaMatch, QaPair } from './types';

/**
 * BM25 parameters. Questions are short (5-10 terms), so term frequency barely matters and length
 * normalisation is kept mild; answers are longer and normalised harder. Tuned on the acceptance
 * sets as a whole (docs/qa-engine.md), never per question.
 */
export interface RankingParams {
  question: { k1: number; b: number };
  answer: { k1: number; b: number };
  /** How much an answer's match counts next to the best-matching question phrasing. */
  answerWeight: number;
  /** How much all of a pair's phrasings together count (so a pair's other phrasings help a little). */
  pairWeight: number;
  /** How much a runner-up's closeness lowers the confidence (see `confidenceOf`). */
  marginWeight: number;
}

export const RANKING: Readonly<RankingParams> = {
  question: { k1: 1.2, b: 0.5 },
  answer: { k1: 1.2, b: 0.75 },
  answerWeight: 0.3,
  pairWeight: 1,
  marginWeight: 0.35,
};

interface FieldDoc {
  pair: number;
  tf: Map<string, number>;
  length: number;
}

interface Field {
  docs: FieldDoc[];
  postings: Map<string, number[]>;
  /** Pairs (not phrasings) holding each term: a pair with many alternatives counts once. */
  df: Map<string, number>;
  avgLength: number;
  k1: number;
  b: number;
}

export function buildQaIndex(pairs: QaPair[], options: QaIndexOptions = {}): QaIndex {
  return buildQaIndexWith(pairs, options, RANKING);
}

/** buildQaIndex with other ranking parameters: for tuning them on the acceptance sets. */
export function buildQaIndexWith(pairs: QaPair[], options: QaIndexOptions, params: RankingParams): QaIndex {
  const analyser = createAnalyser(options);
  const questions = buildField(
    pairs.flatMap((p, i) => [p.question, ...p.alternatives].map((text) => ({ pair: i, terms: analyser.indexTerms(text) }))),
    params.question,
  );
  const answers = buildField(pairs.map((p, i) => ({ pair: i, terms: analyser.indexTerms(p.answer) })), params.answer);
  const whole = buildField(pairs.map((p, i) => ({ pair: i, terms: [p.question, ...p.alternatives].flatMap((t) => analyser.indexTerms(t)) })), params.question);
  const n = pairs.length;

  return {
    size: n,
    search(question: string, limit = 3): QaMatch {
      const terms = analyser.queryTerms(question);
      if (terms.length === 0 || n === 0) return { candidates: [], confidence: 0 };
      const qScores = bestPerPair(questions, terms, n);
      const aScores = bestPerPair(answers, terms, n);
      const totals = new Map<number, number>();
      for (const [pair, s] of qScores) totals.set(pair, s);
      for (const [pair, s] of aScores) totals.set(pair, (totals.get(pair) ?? 0) + params.answerWeight * s);
      if (params.pairWeight > 0) for (const [pair, s] of bestPerPair(whole, terms, n)) totals.set(pair, (totals.get(pair) ?? 0) + params.pairWeight * s);
      const ranked = [...totals].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
      const candidates: QaCandidate[] = ranked.slice(0, Math.max(1, limit)).map(([pair, score]) => {
        const p = pairs[pair] as QaPair;
        return { pairId: p.id, question: p.question, score };
      });
      const best = ranked[0];
      if (!best) return { candidates: [], confidence: 0 };
      const attainable = (1 + params.pairWeight) * selfScore(questions, terms, n) + params.answerWeight * selfScore(answers, terms, n);
      const normalised = Math.min(1, best[1] / attainable);
      return { candidates, confidence: confidenceOf(normalised, best[1], ranked[1]?.[1] ?? 0, params.marginWeight) };
    },
  };
}

/**
 * confidence = normalised × (1 − marginWeight × (runnerUp / best)), where normalised is the
 * best pair's question-field BM25 over the question's own score (what a phrasing identical to
 * the question would get; unknown words keep their full weight in it, so a question about
 * things the bot never heard of scores low) and runnerUp/best compares the totals of the two
 * best different pairs (1 when tied, 0 when alone).
 */
export function confidenceOf(normalised: number, best: number, runnerUp: number, marginWeight = RANKING.marginWeight): number {
  const closeness = best > 0 ? Math.min(1, runnerUp / best) : 1;
  return clamp01(normalised * (1 - marginWeight * closeness));
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.max(0, Math.min(1, x)) : 0;
}

function buildField(entries: { pair: number; terms: string[] }[], params: { k1: number; b: number }): Field {
  const docs: FieldDoc[] = [];
  const postings = new Map<string, number[]>();
  const pairsOfTerm = new Map<string, Set<number>>();
  let total = 0;
  for (const { pair, terms } of entries) {
    const tf = new Map<string, number>();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    const id = docs.length;
    docs.push({ pair, tf, length: terms.length });
    total += terms.length;
    for (const t of tf.keys()) {
      let list = postings.get(t);
      if (!list) postings.set(t, (list = []));
      list.push(id);
      let set = pairsOfTerm.get(t);
      if (!set) pairsOfTerm.set(t, (set = new Set()));
      set.add(pair);
    }
  }
  const df = new Map<string, number>();
  for (const [t, set] of pairsOfTerm) df.set(t, set.size);
  return { docs, postings, df, avgLength: docs.length ? Math.max(1, total / docs.length) : 1, ...params };
}

function idf(field: Field, term: string, n: number): number {
  const df = field.df.get(term) ?? 0;
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** BM25 of each pair's best-matching document in the field (a pair's best phrasing counts). */
function bestPerPair(field: Field, terms: string[], n: number): Map<number, number> {
  const queryTf = new Map<string, number>();
  for (const t of terms) queryTf.set(t, (queryTf.get(t) ?? 0) + 1);
  const perDoc = new Map<number, number>();
  for (const [term, qtf] of queryTf) {
    const list = field.postings.get(term);
    if (!list) continue;
    const w = idf(field, term, n) * qtf;
    for (const id of list) {
      const doc = field.docs[id] as FieldDoc;
      const tf = doc.tf.get(term) ?? 0;
      const s = (w * tf * (field.k1 + 1)) / (tf + field.k1 * (1 - field.b + (field.b * doc.length) / field.avgLength));
      perDoc.set(id, (perDoc.get(id) ?? 0) + s);
    }
  }
  const perPair = new Map<number, number>();
  for (const [id, s] of perDoc) {
    const pair = (field.docs[id] as FieldDoc).pair;
    if (s > (perPair.get(pair) ?? 0)) perPair.set(pair, s);
  }
  return perPair;
}

/** The question's BM25 against itself as a phrasing of average length: the attainable maximum. */
function selfScore(field: Field, terms: string[], n: number): number {
  const queryTf = new Map<string, number>();
  for (const t of terms) queryTf.set(t, (queryTf.get(t) ?? 0) + 1);
  let s = 0;
  for (const [term, tf] of queryTf) {
    s += (idf(field, term, n) * tf * tf * (field.k1 + 1)) / (tf + field.k1);
  }
  return s || 1;
}
