import { describe, expect, it } from 'vitest';
import { bigrams, createAnalyser } from './analyse';
import { buildQaIndex, confidenceOf, decideAnswer, DEFAULT_THRESHOLD, GREY_ZONE_RATIO } from './index';
import { buildQaIndexWith, RANKING, withBigrams } from './qa-index';
import type { QaPair } from './types';

const PAIRS: QaPair[] = [
  { id: 'refund', question: 'How do I get a refund?', alternatives: ['Can I have my money back?'], answer: 'Refunds are made from the billing page within 14 days.' },
  { id: 'password', question: 'How do I reset my password?', alternatives: ['I forgot my password'], answer: 'Use the reset link on the sign-in page.' },
  { id: 'login', question: 'How do I sign in?', alternatives: [], answer: 'Click Sign in at the top right.' },
  { id: 'signup', question: 'How do I sign up?', alternatives: [], answer: 'Click Sign up and choose a password.' },
  { id: 'zh-refund', question: '怎么申请退款？', alternatives: ['退款多久到账'], answer: '在账单页面申请退款，14 天内原路退回。' },
];
const SYNONYMS = [['refund', 'money back', '退钱', '退款'], ['sign in', 'log in', 'login'], ['sign up', 'register']];
const jiebaLike = (text: string) => text.match(/申请|退款|多久|到账|怎么|退钱|能|吗|./gu) ?? [];

describe('analyser', () => {
  it('lower-cases, drops stop-words and stems English', () => {
    expect(createAnalyser({}).queryTerms('How do I get REFUNDS for my Conversions?')).toEqual(['refund', 'convers']);
  });
  it('splits Chinese into bigrams without a segmenter, into words with one, and mixes with English', () => {
    expect(bigrams('申请退款')).toEqual(['申请', '请退', '退款']);
    expect(createAnalyser({ segmentChinese: jiebaLike }).queryTerms('PDF转Word怎么申请退款')).toEqual(['pdf', '转', 'word', '申请', '退款']);
  });
  it('replaces synonym phrases, keeping apart phrases that differ only in a stop-word', () => {
    const a = createAnalyser({ synonyms: SYNONYMS });
    expect(a.queryTerms('I want my money back')).toEqual(a.queryTerms('refund'));
    expect(a.queryTerms('log in')).toEqual(a.queryTerms('sign in'));
    expect(a.queryTerms('sign in')).not.toEqual(a.queryTerms('sign up'));
    expect(a.queryTerms('能退钱吗')).toEqual(a.queryTerms('refund'));
  });
  it('keeps words of quantity, sameness and order that stopword drops', () => {
    expect(createAnalyser({}).queryTerms('Can I open another account after the same trial?')).toEqual(['open', 'anoth', 'account', 'after', 'same', 'trial']);
  });
  it('corrects a typo to a word the index knows, not short words', () => {
    const a = createAnalyser({});
    a.indexTerms('password reset');
    expect(a.queryTerms('pasword')).toEqual(['password']);
    expect(a.queryTerms('rest')).toEqual(['rest']);
  });
});

describe('buildQaIndex', () => {
  const index = buildQaIndex(PAIRS, { synonyms: SYNONYMS, segmentChinese: jiebaLike });
  it('finds the pair through its best phrasing, a synonym or a typo', () => {
    expect(index.size).toBe(5);
    expect(index.search('forgot password').candidates[0]?.pairId).toBe('password');
    expect(index.search('i would like my money back').candidates[0]?.pairId).toMatch(/refund/);
    expect(index.search('how do I log in').candidates[0]?.pairId).toBe('login');
    expect(index.search('how to register').candidates[0]?.pairId).toBe('signup');
    expect(index.search('reset pasword').candidates[0]?.pairId).toBe('password');
    expect(index.search('退款多久能到账').candidates[0]?.pairId).toBe('zh-refund');
  });
  it('scores its own questions near 1 and unknown questions 0', () => {
    const exact = index.search('How do I reset my password?');
    expect(exact.confidence).toBeGreaterThan(0.7);
    expect(exact.candidates.map((c) => c.score)).toEqual([...exact.candidates.map((c) => c.score)].sort((a, b) => b - a));
    expect(index.search('what is the weather on Mars').confidence).toBe(0);
    expect(index.search('').candidates).toEqual([]);
  });
  it('a question half about unknown things scores lower than one fully known', () => {
    expect(index.search('reset password for my bitcoin wallet').confidence).toBeLessThan(index.search('reset password').confidence);
  });
  it('honours the limit and lists each pair once', () => {
    const m = index.search('how do I sign in or sign up with a password', 2);
    expect(m.candidates).toHaveLength(2);
    expect(new Set(index.search('password sign', 10).candidates.map((c) => c.pairId)).size).toBe(index.search('password sign', 10).candidates.length);
  });
  it('word order decides between pairs holding the same words (adjacent pairs, English only)', () => {
    expect(withBigrams('new account', ['new', 'account'])).toEqual(['new', 'account', 'new account']);
    expect(withBigrams('新账号', ['新', '账号'])).toEqual(['新', '账号']);
    const pairs: QaPair[] = [
      { id: 'word-to-pdf', question: 'Convert Word to PDF', alternatives: [], answer: 'Use the Word tab.' },
      { id: 'pdf-to-word', question: 'Convert PDF to Word', alternatives: [], answer: 'Use the PDF tab.' },
    ];
    // Without pairs the two tie and the first listed wins; with them the order of the question decides.
    expect(buildQaIndexWith(pairs, {}, { ...RANKING, bigramWeight: 0 }).search('my pdf to word conversion').candidates[0]?.pairId).toBe('word-to-pdf');
    expect(buildQaIndex(pairs).search('my pdf to word conversion').candidates[0]?.pairId).toBe('pdf-to-word');
  });
  it('an empty index answers nothing', () => {
    expect(buildQaIndex([]).search('anything')).toEqual({ candidates: [], confidence: 0 });
  });
});

describe('confidence and decision', () => {
  it('a close runner-up lowers the confidence', () => {
    expect(confidenceOf(0.8, 10, 0)).toBeCloseTo(0.8);
    expect(confidenceOf(0.8, 10, 9)).toBeLessThan(confidenceOf(0.8, 10, 2));
    expect(confidenceOf(2, 10, 0)).toBe(1);
  });
  const candidates = [1, 2, 3, 4].map((i) => ({ pairId: `p${i}`, question: `Q${i}`, score: 5 - i }));
  it('answers above the threshold, suggests three in the grey zone, hands off below', () => {
    const t = DEFAULT_THRESHOLD;
    expect(decideAnswer({ candidates, confidence: t }, t)).toEqual({ kind: 'answer', pairId: 'p1', confidence: t });
    const grey = t * GREY_ZONE_RATIO;
    expect(decideAnswer({ candidates, confidence: grey }, t)).toEqual({ kind: 'suggest', candidates: candidates.slice(0, 3), confidence: grey });
    expect(decideAnswer({ candidates, confidence: grey - 0.01 }, t).kind).toBe('handoff');
    expect(decideAnswer({ candidates: [], confidence: 0.9 }, t).kind).toBe('handoff');
  });
});
