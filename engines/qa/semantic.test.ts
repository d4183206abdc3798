import { describe, expect, it } from 'vitest';
import { calibrate, leaveOneOut, MAX_PROBES, readingAt } from './calibrate';
import { buildQaIndex, decideAnswer } from './index';
import { buildHybridIndex, cosine, hybridConfidence, semanticTextsOf } from './semantic';
import { glossChinese, shortGloss } from './semantic-gloss';
import type { QaMatch, QaPair } from './types';

const PAIRS: QaPair[] = [
  { id: 'refund', question: 'How do I get a refund?', alternatives: ['Can I have my money back?'], answer: 'Refunds are paid within 14 days.' },
  { id: 'hours', question: 'When are you open?', alternatives: [], answer: 'Monday to Friday, 9 to 5.' },
  { id: 'parking', question: 'Is there parking?', alternatives: [], answer: 'Free parking behind the building.' },
];

/** Unit vectors along an axis per topic: texts of one topic point the same way, others are orthogonal. */
const axis = (i: number) => Float32Array.from({ length: 4 }, (_, j) => (j === i ? 1 : 0));
const TOPIC: Record<string, number> = {
  'How do I get a refund?': 0,
  'Can I have my money back?': 0,
  'Refunds are paid within 14 days.': 0,
  'When are you open?': 1,
  'Monday to Friday, 9 to 5.': 1,
  'Is there parking?': 2,
  'Free parking behind the building.': 2,
};
const vectorOf = (t: string) => (t in TOPIC ? axis(TOPIC[t] as number) : undefined);

describe('hybrid ranking', () => {
  it('ranks by meaning where no word is shared, and lists every text to embed once', () => {
    const index = buildHybridIndex(PAIRS, buildQaIndex(PAIRS), vectorOf);
    expect(index.semanticReady).toBe(true);
    // "reimburse" shares no term with the refund pair: the lexical index alone has nothing.
    expect(buildQaIndex(PAIRS).search('reimburse me', 3).candidates).toEqual([]);
    const match = index.search('reimburse me', axis(0), 3);
    expect(match.candidates[0]?.pairId).toBe('refund');
    expect(match.confidence).toBeGreaterThan(0.5);
    expect(semanticTextsOf(PAIRS)).toHaveLength(7);
  });

  it('is the lexical index when no vector exists yet, and semanticReady only when every pair has one', () => {
    const lexical = buildQaIndex(PAIRS);
    const none = buildHybridIndex(PAIRS, lexical, () => undefined);
    expect(none.semanticReady).toBe(false);
    expect(none.search('refund please', axis(0), 3)).toEqual(lexical.search('refund please', 3));
    const some = buildHybridIndex(PAIRS, lexical, (t) => (t.startsWith('Is there') ? undefined : vectorOf(t)));
    expect(some.semanticReady).toBe(false);
  });

  it('lowers the confidence when the runner-up is as close as the best', () => {
    expect(hybridConfidence(0.8, 0, 0.5)).toBeCloseTo(0.8);
    expect(hybridConfidence(0.8, 0.8, 0.5)).toBeCloseTo(0.4);
    expect(hybridConfidence(0, 0, 0.5)).toBe(0);
    expect(cosine(axis(0), axis(1))).toBe(0);
    expect(cosine(axis(0), new Float32Array(4))).toBe(0);
  });

  it('suggests down to a calibrated hand-off line and hands off below it', () => {
    const match: QaMatch = { candidates: [{ pairId: 'refund', question: 'q', score: 1 }], confidence: 0.3 };
    expect(decideAnswer(match, 0.6, 0.25).kind).toBe('suggest');
    expect(decideAnswer(match, 0.6, 0.35).kind).toBe('handoff');
    expect(decideAnswer({ ...match, confidence: 0.6 }, 0.6, 0.35).kind).toBe('answer');
    // Without a calibrated line, the grey zone is a share of the threshold, as before.
    expect(decideAnswer(match, 0.6).kind).toBe('handoff');
  });
});

describe('calibration', () => {
  it('leaves one alternative out per pair that has one, keeping the question', () => {
    const many: QaPair[] = Array.from({ length: 10 }, (_, i) => ({ id: `p${i}`, question: `q${i}`, alternatives: i < 5 ? [`a${i}`, `b${i}`] : [], answer: `x${i}` }));
    const { reduced, probes } = leaveOneOut(many);
    expect(probes).toEqual([0, 1, 2, 3, 4].map((i) => ({ question: `b${i}`, pairId: `p${i}` })));
    expect(reduced[0]?.alternatives).toEqual(['a0']);
    expect(reduced[7]).toBe(many[7]);
  });

  it('probes questions (the pair keeps its answer) when few pairs have alternatives, and samples a large bot', () => {
    const few: QaPair[] = Array.from({ length: 1000 }, (_, i) => ({ id: `p${i}`, question: `q${i}`, alternatives: [], answer: `x${i}` }));
    const { reduced, probes } = leaveOneOut(few);
    expect(probes).toHaveLength(MAX_PROBES);
    const probed = reduced.find((p) => p.id === probes[0]?.pairId);
    expect(probed?.question).toBe(probed?.answer);
  });

  it('answers where its own probes are rarely wrong, and hands off above the generic questions', () => {
    const m = (confidence: number, pairId: string): QaMatch => ({ candidates: [{ pairId, question: '', score: 1 }], confidence });
    // Right probes at 0.5-0.9, wrong ones at 0.3-0.45, generic questions at 0.1-0.35.
    const probes = [
      ...Array.from({ length: 40 }, (_, i) => ({ match: m(0.5 + i / 100, 'a'), pairId: 'a' })),
      ...Array.from({ length: 10 }, (_, i) => ({ match: m(0.3 + i / 70, 'b'), pairId: 'a' })),
    ];
    const generic = Array.from({ length: 100 }, (_, i) => m(0.1 + i / 400, 'a'));
    const c = calibrate(probes, generic);
    expect(c.handoffBelow).toBeGreaterThan(340);
    expect(c.threshold).toBeGreaterThanOrEqual(c.handoffBelow);
    expect(c.threshold).toBeLessThanOrEqual(505);
    const at = readingAt(c, c.threshold);
    expect(at.wrong).toBeLessThanOrEqual(0.02);
    expect(at.answered).toBeGreaterThan(0.7);
    expect(readingAt(c, 900).answered).toBeLessThan(at.answered);
  });
});

describe('Chinese glosses for the English model', () => {
  const table = new Map([['退款', 'refund'], ['宠物', 'pet'], ['寄', 'send'], ['养', 'raise'], ['钱', 'money']]);
  const segment = (t: string) => t.match(/退款|宠物|寄养|多少钱|多少|可以|吗|./gu) ?? [];
  it('glosses words, then unknown words piece by piece, keeps question words and Latin text', () => {
    expect(glossChinese('宠物寄养多少钱？', table, segment)).toBe('pet send raise how much does it cost');
    expect(glossChinese('可以用 Apple Pay 退款吗', table, segment)).toBe('can Apple Pay refund');
    expect(glossChinese('no Chinese here', table, segment)).toBe('no Chinese here');
  });
  it('makes a dictionary sense short', () => {
    expect(shortGloss(['to refund', 'refund'])).toBe('refund');
    expect(shortGloss(['prefix used before the surname of a person', 'old (of people)'])).toBe('old');
    expect(shortGloss(['variant of 錢|钱[qian2]'])).toBeUndefined();
    expect(shortGloss(['house pet (CL:隻|只[zhi1])'])).toBe('house pet');
  });
});
