import { createAnalyser } from './analyse';
import type { LexicalScores, QaCandidate, QaIndex, QaIndexOptions, QaMatch, QaPair } from './types';

const HAN = /\p{Script=Han}/u;

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
  /** How much a pair of adjacent English terms counts next to a single term (`withBigrams`). */
  bigramWeight: number;
}

export const RANKING: Readonly<RankingParams> = {
  question: { k1: 1.2, b: 0.5 },
  answer: { k1: 1.2, b: 0.75 },
  answerWeight: 0.3,
  pairWeight: 1,
  marginWeight: 0.35,
  bigramWeight: 0.3,
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
  const termsOf = (text: string) => withBigrams(text, analyser.indexTerms(text));
  const questions = buildField(
    pairs.flatMap((p, i) => [p.question, ...p.alternatives].map((text) => ({ pair: i, terms: termsOf(text) }))),
    params.question,
  );
  const answers = buildField(pairs.map((p, i) => ({ pair: i, terms: termsOf(p.answer) })), params.answer);
  const whole = buildField(pairs.map((p, i) => ({ pair: i, terms: [p.question, ...p.alternatives].flatMap(termsOf) })), params.question);
  const n = pairs.length;

  /** Every pair's lexical total (questions, answers and the pair as a whole) and what a perfect phrasing would score. */
  function lexicalScores(question: string): LexicalScores {
    const terms = analyser.queryTerms(question);
    if (terms.length === 0 || n === 0) return { totals: new Map(), attainable: 1, terms: 0 };
    const query = queryWeights(question, terms, params.bigramWeight);
    const totals = new Map<number, number>();
    for (const [pair, s] of bestPerPair(questions, query, n)) totals.set(pair, s);
    for (const [pair, s] of bestPerPair(answers, query, n)) totals.set(pair, (totals.get(pair) ?? 0) + params.answerWeight * s);
    if (params.pairWeight > 0) for (const [pair, s] of bestPerPair(whole, query, n)) totals.set(pair, (totals.get(pair) ?? 0) + params.pairWeight * s);
    const attainable = (1 + params.pairWeight) * selfScore(questions, query, n) + params.answerWeight * selfScore(answers, query, n);
    return { totals, attainable, terms: terms.length };
  }

  return {
    size: n,
    lexicalScores,
    search(question: string, limit = 3): QaMatch {
      const { totals, attainable, terms } = lexicalScores(question);
      if (terms === 0) return { candidates: [], confidence: 0 };
      const ranked = [...totals].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
      const candidates: QaCandidate[] = ranked.slice(0, Math.max(1, limit)).map(([pair, score]) => {
        const p = pairs[pair] as QaPair;
        return { pairId: p.id, question: p.question, score };
      });
      const best = ranked[0];
      if (!best) return { candidates: [], confidence: 0 };
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
function bestPerPair(field: Field, query: QueryTerms, n: number): Map<number, number> {
  const perDoc = new Map<number, number>();
  for (const [term, { weight }] of query) {
    const list = field.postings.get(term);
    if (!list) continue;
    const w = idf(field, term, n) * weight;
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

/**
 * The question's BM25 against itself as a phrasing of average length: the attainable maximum.
 * Single terms only: adjacent pairs are a bonus for matching word order, so a question is not
 * marked down for pairs that no phrasing of any bot would hold (with them counted, correct
 * answers fell from 47.5% to 30% of the held-out set, docs/qa-engine.md).
 */
function selfScore(field: Field, query: QueryTerms, n: number): number {
  let s = 0;
  for (const [term, { weight, count, bigram }] of query) {
    if (bigram) continue;
    s += (idf(field, term, n) * weight * count * (field.k1 + 1)) / (count + field.k1);
  }
  return s || 1;
}

/** A question's terms: how often each occurs and how much it weighs (a pair less than a word). */
type QueryTerms = Map<string, { count: number; weight: number; bigram: boolean }>;

function queryWeights(question: string, terms: string[], bigramWeight: number): QueryTerms {
  const query: QueryTerms = new Map();
  const single = new Set(terms);
  for (const t of withBigrams(question, terms)) {
    const entry = query.get(t) ?? { count: 0, weight: 0, bigram: !single.has(t) };
    entry.count += 1;
    entry.weight += single.has(t) ? 1 : bigramWeight;
    query.set(t, entry);
  }
  return query;
}

/**
 * An English text's terms plus each pair of adjacent terms as one more term ("new account",
 * "another trial"), so word order and two-word concepts count a little. Not for text holding
 * Han characters: jieba's words are already compounds, and Chinese lost accuracy with pairs
 * (docs/qa-engine.md). Stop-words are gone by now, so "reset my password" pairs "reset" with
 * "password": pairs span dropped words on purpose, as questions reword exactly those.
 */
export function withBigrams(text: string, terms: readonly string[]): string[] {
  if (HAN.test(text) || terms.length < 2) return [...terms];
  const out = [...terms];
  for (let i = 0; i + 1 < terms.length; i++) out.push(`${terms[i]} ${terms[i + 1]}`);
  return out;
}
