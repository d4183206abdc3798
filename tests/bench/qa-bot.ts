/**
 * QA bot speed (issue 12: p95 answer time < 300 ms with 5,000 pairs) and its accuracy on the
 * acceptance sets. Builds an index of 5,000 pairs generated from the datasets' vocabulary
 * (each a real pair's question recombined with words of other pairs, realistic lengths: 6-14
 * word questions, 1-3 alternatives, 20-80 word answers; half English, half Chinese), asks 1,000
 * questions (held-out paraphrases and out-of-scope questions, cycled), and prints the index
 * build time and p50/p95/max answer time with jieba and the synonym table, as the server runs it.
 * Run: `npx tsx tests/bench/qa-bot.ts`.
 */
import { buildQaIndex, decideAnswer, DEFAULT_THRESHOLD, type QaPair } from '../../engines/qa/index';
import { buildHybridIndex, semanticTextsOf } from '../../engines/qa/semantic';
import { createEmbedder } from '../../api/ai/embeddings/embedder';
import { jiebaSegmenter } from '../../api/ai/jieba';
import { ACCEPTANCE_SETS, evaluate, formatFigures } from '../fixtures/qa/evaluate';
import { DOCUFLOW_SYNONYMS } from '../fixtures/qa/synonyms';

const PAIRS = 5_000;
const QUESTIONS = 1_000;
const TARGET_P95_MS = 300;

/** A small deterministic generator, so every run measures the same index. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function generatePairs(count: number): QaPair[] {
  const rnd = random(12);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const out: QaPair[] = [];
  for (const set of ACCEPTANCE_SETS) {
    const zh = set.language === 'zh';
    const split = (t: string) => (zh ? Array.from(t.replace(/[？?。，、]/g, '')) : t.replace(/[?.,]/g, '').split(/\s+/));
    const join = (w: string[]) => (zh ? w.join('') : w.join(' '));
    const words = set.pairs.flatMap((p) => split(`${p.question} ${p.answer}`)).filter(Boolean);
    for (let i = 0; out.length < ((ACCEPTANCE_SETS.indexOf(set) + 1) * count) / ACCEPTANCE_SETS.length; i++) {
      const base = pick(set.pairs);
      const phrase = (min: number, max: number) => {
        const w = split(base.question).filter(Boolean);
        while (w.length < min + Math.floor(rnd() * (max - min))) w.splice(Math.floor(rnd() * (w.length + 1)), 0, pick(words));
        return join(w);
      };
      const alternatives = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => phrase(zh ? 8 : 6, zh ? 20 : 14));
      const answer = join(Array.from({ length: (zh ? 40 : 20) + Math.floor(rnd() * (zh ? 120 : 60)) }, () => pick(words)));
      out.push({ id: `g${i}-${set.language}`, question: `${phrase(zh ? 8 : 6, zh ? 20 : 14)} ${i}`, alternatives, answer });
    }
  }
  return out;
}

const segmentChinese = jiebaSegmenter();
const pairs = generatePairs(PAIRS);
const built = performance.now();
const index = buildQaIndex(pairs, { synonyms: DOCUFLOW_SYNONYMS, segmentChinese });
const buildMs = performance.now() - built;

const questions = ACCEPTANCE_SETS.flatMap((s) => [...s.heldOut.map(([q]) => q), ...s.outOfScope]);
// Warm-up (JIT, jieba's first calls), not measured.
for (const q of questions.slice(0, 50)) index.search(q);
const times: number[] = [];
for (let i = 0; i < QUESTIONS; i++) {
  const q = questions[i % questions.length] as string;
  const started = performance.now();
  decideAnswer(index.search(q, 3), DEFAULT_THRESHOLD);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] as number;
console.log(`index of ${index.size} pairs built in ${buildMs.toFixed(0)} ms`);
console.log(`${QUESTIONS} questions: p50 ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${at(1).toFixed(2)} ms`);
console.log(`p95 < ${TARGET_P95_MS} ms: ${at(0.95) < TARGET_P95_MS ? 'met' : 'NOT met'}`);
for (const set of ACCEPTANCE_SETS) console.log(formatFigures(evaluate(set, { synonyms: DOCUFLOW_SYNONYMS, segmentChinese })));

// The hybrid ranking as the server runs it (issue 28): every text embedded by the embedding
// thread as an import's background job does, then each question embedded and ranked.
const embedder = createEmbedder({ batchTimeoutMs: 300_000 });
const textsOwner = new Map<string, number>();
pairs.forEach((p, i) => [p.question, ...p.alternatives, p.answer].forEach((t) => textsOwner.set(t, i)));
await embedder.embed(['warm-up']);
// A fifth of the pairs is embedded and timed (the whole takes minutes on one core); the 5,000-pair
// index reuses those vectors in turn, which costs the ranking the same as distinct ones.
const SAMPLE = 1_000;
const sample = pairs.filter((_, i) => i % (PAIRS / SAMPLE) === 0);
const texts = semanticTextsOf(sample);
const embedStarted = performance.now();
const vectors = await embedder.embed(texts);
const embedMs = performance.now() - embedStarted;
const byText = new Map(texts.map((t, i) => [t, vectors[i] as Float32Array]));
const sampleOf = (i: number) => sample[Math.floor(i / (PAIRS / SAMPLE)) % SAMPLE] as QaPair;
const hybrid = buildHybridIndex(pairs, index, (t) => {
  const direct = byText.get(t);
  if (direct) return direct;
  const i = textsOwner.get(t) ?? 0;
  const p = sampleOf(i);
  return byText.get(t === pairs[i]?.answer ? p.answer : p.question);
});
const HYBRID_QUESTIONS = 300;
const hybridTimes: number[] = [];
for (let i = 0; i < HYBRID_QUESTIONS; i++) {
  const q = questions[i % questions.length] as string;
  const started = performance.now();
  const [vector] = await embedder.embed([q]);
  decideAnswer(hybrid.search(q, vector ?? null, 3), DEFAULT_THRESHOLD);
  hybridTimes.push(performance.now() - started);
}
await embedder.close();
hybridTimes.sort((a, b) => a - b);
const hat = (p: number) => hybridTimes[Math.min(hybridTimes.length - 1, Math.floor(p * hybridTimes.length))] as number;
const wholeMs = (embedMs * semanticTextsOf(pairs).length) / texts.length;
console.log(`hybrid: ${texts.length} texts of ${sample.length} pairs embedded in ${(embedMs / 1000).toFixed(1)} s (${(embedMs / texts.length).toFixed(1)} ms a text); all ${pairs.length} pairs: about ${(wholeMs / 1000).toFixed(0)} s (target < 120 s: ${wholeMs < 120_000 ? 'met' : 'NOT met'})`);
console.log(`hybrid: ${HYBRID_QUESTIONS} questions (embedding included): p50 ${hat(0.5).toFixed(1)} ms, p95 ${hat(0.95).toFixed(1)} ms (lexical p95 above: ${(hat(0.95) / at(0.95)).toFixed(1)}x; target < ${TARGET_P95_MS} ms: ${hat(0.95) < TARGET_P95_MS ? 'met' : 'NOT met'})`);
