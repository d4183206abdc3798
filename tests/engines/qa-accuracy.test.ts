import { describe, expect, it } from 'vitest';
import { createAnalyser } from '../../engines/qa/analyse';
import { jiebaSegmenter } from '../../api/ai/jieba';
import { ACCEPTANCE_SETS, evaluate, formatFigures } from '../fixtures/qa/evaluate';
import { DOCUFLOW_SYNONYMS } from '../fixtures/qa/synonyms';

/**
 * Issue 12 acceptance, with no LLM: top-1 on the held-out paraphrases in English and in Chinese
 * (target 85%), and ≥ 95% of out-of-scope questions handed off at DEFAULT_THRESHOLD. The server's
 * configuration: jieba for Chinese and the bot's synonym table.
 */
const segmentChinese = jiebaSegmenter();

describe('QA bot acceptance sets', () => {
  it('are big enough and labelled with pairs that exist', () => {
    for (const set of ACCEPTANCE_SETS) {
      expect(set.pairs.length).toBeGreaterThanOrEqual(50);
      expect(set.heldOut.length).toBeGreaterThanOrEqual(100);
      expect(set.outOfScope.length).toBeGreaterThanOrEqual(50);
      const ids = new Set(set.pairs.map((p) => p.id));
      expect(ids.size).toBe(set.pairs.length);
      for (const [, pairId] of set.heldOut) expect(ids).toContain(pairId);
    }
  });

  it('held-out questions are not copies of indexed phrasings (token Jaccard < 0.8)', () => {
    // Plain tokens (no synonyms, no stop-word list beyond the engine's), words by jieba.
    const analyser = createAnalyser({ segmentChinese });
    const jaccard = (a: Set<string>, b: Set<string>) => [...a].filter((t) => b.has(t)).length / new Set([...a, ...b]).size;
    for (const set of ACCEPTANCE_SETS) {
      const phrasings = set.pairs.flatMap((p) => [p.question, ...p.alternatives]).map((q) => new Set(analyser.queryTerms(q)));
      const tooClose = set.heldOut.filter(([q]) => {
        const terms = new Set(analyser.queryTerms(q));
        return phrasings.some((p) => jaccard(terms, p) >= 0.8);
      });
      expect(tooClose.map(([q]) => q)).toEqual([]);
    }
  });

  /**
   * The target is 85% top-1 in each language; both meet it (en 87.5% = 105/120, zh 89.2%
   * = 107/120, docs/qa-engine.md). The floors are the levels reached, so a change that loses a
   * single held-out question in either language shows here; the log says whether 85% is met.
   */
  const TOP1_FLOOR: Record<string, number> = { en: 105 / 120, zh: 107 / 120 };

  for (const set of ACCEPTANCE_SETS) {
    it(`${set.language}: top-1 ≥ ${(TOP1_FLOOR[set.language]! * 100).toFixed(1)}% (target 85%) and out-of-scope handed off ≥ 95%`, () => {
      const figures = evaluate(set, { synonyms: DOCUFLOW_SYNONYMS, segmentChinese });
      console.log(`${formatFigures(figures)} (target: top-1 85%: ${figures.top1 >= 0.85 ? 'met' : 'not met'})`);
      expect(figures.top1).toBeGreaterThanOrEqual(TOP1_FLOOR[set.language]!);
      expect(figures.outOfScopeHandedOff).toBeGreaterThanOrEqual(0.95);
      // A wrong verbatim answer is worse than a hand-off: keep it rare.
      expect(figures.answeredWrongly).toBeLessThan(0.05);
    });
  }

  it('Chinese without jieba (the browser fallback: character bigrams) is reported', () => {
    const figures = evaluate(ACCEPTANCE_SETS[1]!, { synonyms: DOCUFLOW_SYNONYMS });
    console.log(`${formatFigures(figures)} (character bigrams)`);
    expect(figures.top1).toBeGreaterThanOrEqual(0.75);
  });
});
