import { describe, expect, it } from 'vitest';
import { buildCharGramIndex, charGrams } from './char-grams';
import { buildQaIndex } from './index';
import { buildHybridIndex, HYBRID } from './semantic';
import { calibrate, CALIBRATION_SCALE, parseCalibration } from './calibrate';
import type { QaPair } from './types';

describe('character n-grams', () => {
  it('padded 3-grams of English content words; Chinese characters and adjacent pairs', () => {
    expect(charGrams('the Cost')).toEqual(['#co', 'cos', 'ost', 'st#']);
    expect(charGrams('猫绝育')).toEqual(['猫', '猫绝', '绝', '绝育', '育']);
  });

  it('matches a misspelt word and a Chinese word cut differently; shares nothing with an unrelated question', () => {
    const index = buildCharGramIndex([['How do I book an appointment?'], ['Do you accept insurance?'], ['狗狗打疫苗多少钱']]);
    const typo = index.scores('apointment booking');
    expect(typo[0]).toBeGreaterThan(0.4);
    expect(typo[0]).toBeGreaterThan((typo[1] as number) + 0.3);
    const zh = index.scores('疫苗价格');
    expect(zh[2]).toBeGreaterThan(0.15);
    expect(zh[0]).toBe(0);
    expect(Math.max(...index.scores('weather tomorrow'))).toBe(0);
  });
});

describe('hybrid confidence: character n-grams and agreement', () => {
  const PAIRS: QaPair[] = [
    { id: 'vaccine', question: '狗狗打疫苗多少钱', alternatives: [], answer: '每针八十元。' },
    { id: 'hours', question: '你们几点开门', alternatives: [], answer: '早上九点。' },
  ];
  const axis = (i: number) => Float32Array.from({ length: 3 }, (_, j) => (j === i ? 1 : 0));
  const vectorOf = (t: string) => (t === '每针八十元。' || t.includes('疫苗') ? axis(0) : axis(1));
  it('is higher when every part picks the same pair, and agreement off gives the margin-aware confidence alone', () => {
    const lexical = buildQaIndex(PAIRS);
    const q = '疫苗价格';
    const withParts = buildHybridIndex(PAIRS, lexical, vectorOf).search(q, axis(0));
    const alone = buildHybridIndex(PAIRS, lexical, vectorOf, { ...HYBRID, agreement: 0, chars: 0 }).search(q, axis(0));
    expect(withParts.candidates[0]?.pairId).toBe('vaccine');
    expect(alone.candidates[0]?.pairId).toBe('vaccine');
    expect(withParts.confidence).toBeGreaterThan(alone.confidence);
    // A question the parts disagree on gets less from agreement.
    const split = buildHybridIndex(PAIRS, lexical, vectorOf).search(q, axis(1));
    expect(split.confidence).toBeLessThan(withParts.confidence);
  });

  it('a stored calibration of an older scale reads as none', () => {
    const c = calibrate([], []);
    expect(c.scale).toBe(CALIBRATION_SCALE);
    expect(parseCalibration(JSON.stringify(c))).not.toBeNull();
    const { scale: _old, ...before } = c;
    expect(parseCalibration(JSON.stringify(before))).toBeNull();
  });
});
