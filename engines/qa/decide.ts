import type { QaDecision, QaMatch } from './types';

/** A new bot's threshold: tuned on the acceptance sets (docs/qa-engine.md). */
export const DEFAULT_THRESHOLD = 0.55;

/**
 * The grey zone is [threshold × GREY_ZONE_RATIO, threshold): close enough to show the top three
 * as "did you mean", not close enough to answer. Below it the question is handed off. A ratio,
 * not a fixed width, so an owner who lowers the threshold lowers the hand-off line with it.
 */
export const GREY_ZONE_RATIO = 0.9;

/** How many candidates "did you mean" shows. */
export const SUGGESTIONS = 3;

/**
 * Answer at or above `threshold`; "did you mean" down to `handoffBelow` (a bot's calibrated
 * hand-off line, else threshold × GREY_ZONE_RATIO); below it, a person.
 */
export function decideAnswer(match: QaMatch, threshold: number, handoffBelow = threshold * GREY_ZONE_RATIO): QaDecision {
  const { candidates, confidence } = match;
  const best = candidates[0];
  if (!best) return { kind: 'handoff', confidence };
  if (confidence >= threshold) return { kind: 'answer', pairId: best.pairId, confidence };
  if ((match.closeness ?? confidence) >= Math.min(handoffBelow, threshold)) return { kind: 'suggest', candidates: candidates.slice(0, SUGGESTIONS), confidence };
  return { kind: 'handoff', confidence };
}
