import { GENERIC_OUT_OF_SCOPE_EN } from './out-of-scope-en';
import { GENERIC_OUT_OF_SCOPE_ZH } from './out-of-scope-zh';
import { buildQaIndex } from './qa-index';
import { buildHybridIndex, HYBRID, type HybridWeights, type VectorOf } from './semantic';
import type { QaIndexOptions, QaMatch, QaPair } from './types';

/**
 * A bot's own evidence for its threshold: each probe is one of the bot's phrasings asked of the
 * bot with that phrasing left out (a question worded differently from every indexed one, with a
 * known right answer); each generic question is one no business answers. Confidences in
 * thousandths, as the bot's threshold is stored.
 */
export interface Calibration {
  /** [confidence, 1 when the best candidate was the phrasing's own pair else 0]. */
  probes: [number, 0 | 1][];
  /** Confidences of the shipped out-of-scope questions. */
  outOfScope: number[];
  /** The answer threshold and the hand-off line chosen from them (thousandths). */
  threshold: number;
  handoffBelow: number;
  /** The scale of the hybrid confidence it was made on (`CALIBRATION_SCALE`). */
  scale: number;
}

/**
 * The hybrid ranking's score scale: raised whenever its confidence or closeness changes meaning
 * (2: character n-grams and the parts' agreement, docs/qa-engine.md), so a stored calibration of
 * an older scale reads as none and the bot is calibrated again.
 */
export const CALIBRATION_SCALE = 2;

/** What the owner is told at a threshold: shares of probe questions answered, and answered wrongly (out-of-scope answered included). */
export interface CalibrationReading {
  answered: number;
  wrong: number;
}

/** At most this many probes: a large bot is sampled evenly (the index is rebuilt once for all of them). */
export const MAX_PROBES = 300;
/** Hand-off line: above this share of the generic out-of-scope questions. */
export const OUT_OF_SCOPE_HANDOFF = 0.98;
/** Answer threshold: the lowest at which probes answered wrongly, plus out-of-scope answered, stay under this share. */
export const WRONG_BUDGET = 0.02;
/** Bounds of a calibrated threshold (thousandths), so a tiny bot cannot calibrate to nonsense. */
const THRESHOLD_FLOOR = 300;
const THRESHOLD_CEILING = 900;

/**
 * The probes of a bot: for pairs with alternatives, one alternative left out (the pair keeps its
 * question); when fewer than a fifth of the pairs have alternatives, also the question of pairs
 * without (which then keep only their answer, a harder probe). Returns the reduced pairs the
 * index is rebuilt from and the left-out phrasings with their pair.
 */
export function leaveOneOut(pairs: readonly QaPair[]): { reduced: QaPair[]; probes: { question: string; pairId: string }[] } {
  const withAlternatives = pairs.filter((p) => p.alternatives.length > 0).length;
  const useQuestions = withAlternatives < pairs.length / 5;
  const chosen = new Set<number>();
  const eligible = pairs.map((p, i) => (p.alternatives.length > 0 || useQuestions ? i : -1)).filter((i) => i >= 0);
  const step = Math.max(1, eligible.length / MAX_PROBES);
  for (let k = 0; k < eligible.length && chosen.size < MAX_PROBES; k += step) chosen.add(eligible[Math.floor(k)] as number);
  const probes: { question: string; pairId: string }[] = [];
  const reduced = pairs.map((p, i) => {
    if (!chosen.has(i)) return p;
    if (p.alternatives.length > 0) {
      const last = p.alternatives[p.alternatives.length - 1] as string;
      probes.push({ question: last, pairId: p.id });
      return { ...p, alternatives: p.alternatives.slice(0, -1) };
    }
    probes.push({ question: p.question, pairId: p.id });
    return { ...p, question: p.answer };
  });
  return { reduced, probes };
}

/** Chooses the threshold and hand-off line from the probes' and out-of-scope questions' matches. */
export function calibrate(probeMatches: readonly { match: QaMatch; pairId: string }[], outOfScope: readonly QaMatch[]): Calibration {
  const milli = (x: number) => Math.round(x * 1000);
  const probes = probeMatches.map(({ match, pairId }): [number, 0 | 1] => [milli(match.confidence), match.candidates[0]?.pairId === pairId ? 1 : 0]);
  const oos = outOfScope.map((m) => milli(m.confidence)).sort((a, b) => a - b);
  // The hand-off line is drawn on closeness (decide.ts), so it is placed on the generic questions' closeness.
  const oosCloseness = outOfScope.map((m) => milli(m.closeness ?? m.confidence)).sort((a, b) => a - b);
  const handoffBelow = clamp(quantile(oosCloseness, OUT_OF_SCOPE_HANDOFF) + 1, 0, THRESHOLD_CEILING);
  let threshold = THRESHOLD_CEILING;
  for (let t = THRESHOLD_FLOOR; t <= THRESHOLD_CEILING; t += 5) {
    if (readingAt({ probes, outOfScope: oos }, t).wrong <= WRONG_BUDGET) {
      threshold = t;
      break;
    }
  }
  return { probes, outOfScope: oos, threshold, handoffBelow, scale: CALIBRATION_SCALE };
}

/** What the bot would do at `threshold` (thousandths) on its own probes and the generic questions. */
export function readingAt(c: Pick<Calibration, 'probes' | 'outOfScope'>, threshold: number): CalibrationReading {
  const total = c.probes.length + c.outOfScope.length;
  if (total === 0) return { answered: 0, wrong: 0 };
  const answered = c.probes.filter(([conf]) => conf >= threshold);
  const wrongProbes = answered.filter(([, right]) => right === 0).length;
  const oosAnswered = c.outOfScope.filter((conf) => conf >= threshold).length;
  return {
    answered: c.probes.length ? answered.length / c.probes.length : 0,
    wrong: (wrongProbes + oosAnswered) / total,
  };
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, x));
}

/** The owner's view of a calibration: its readings at thresholds 0.05 to 0.95 in 0.05 steps. */
export function calibrationCurve(c: Pick<Calibration, 'probes' | 'outOfScope'>): { threshold: number; answered: number; wrong: number }[] {
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return Array.from({ length: 19 }, (_, i) => {
    const threshold = (i + 1) * 50;
    const r = readingAt(c, threshold);
    return { threshold: threshold / 1000, answered: round(r.answered), wrong: round(r.wrong) };
  });
}

/** A bot's stored calibration (its JSON column), or null when absent, unreadable or of an older scale. */
export function parseCalibration(json: string | null): Calibration | null {
  if (!json) return null;
  try {
    const c = JSON.parse(json) as Calibration;
    return Array.isArray(c.probes) && Array.isArray(c.outOfScope) && typeof c.threshold === 'number' && typeof c.handoffBelow === 'number' && c.scale === CALIBRATION_SCALE ? c : null;
  } catch {
    return null;
  }
}

const HAN = /\p{Script=Han}/u;

/** The shipped generic out-of-scope questions for a bot's language(s): Chinese, English or both. */
export function genericQuestionsFor(pairs: readonly QaPair[]): readonly string[] {
  const chinese = pairs.filter((p) => HAN.test(p.question)).length;
  if (chinese === 0) return GENERIC_OUT_OF_SCOPE_EN;
  if (chinese === pairs.length) return GENERIC_OUT_OF_SCOPE_ZH;
  return [...GENERIC_OUT_OF_SCOPE_EN, ...GENERIC_OUT_OF_SCOPE_ZH];
}

/**
 * A bot's calibration from its pairs and the vectors of its texts and of `genericQuestionsFor`
 * (the product after each embedding job, and the evaluation, call this one function). Null when
 * the bot is too small to calibrate or a vector is missing.
 */
export function calibratePairs(pairs: readonly QaPair[], options: QaIndexOptions, vectorOf: VectorOf, weights: HybridWeights = HYBRID): Calibration | null {
  if (pairs.length < 2) return null;
  const { reduced, probes } = leaveOneOut(pairs);
  const hybrid = buildHybridIndex(reduced, buildQaIndex(reduced, options), vectorOf, weights);
  if (!hybrid.semanticReady) return null;
  const outOfScope: QaMatch[] = [];
  for (const question of genericQuestionsFor(pairs)) {
    const vector = vectorOf(question);
    if (!vector) return null;
    outOfScope.push(hybrid.search(question, vector, 1));
  }
  return calibrate(
    probes.map((p) => ({ match: hybrid.search(p.question, vectorOf(p.question) ?? null, 1), pairId: p.pairId })),
    outOfScope,
  );
}
