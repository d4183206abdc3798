import { buildQaIndex, decideAnswer, DEFAULT_THRESHOLD, type QaDecision, type QaIndex, type QaMatch, type QaPair } from '@engines/qa/index.js';
import { buildHybridIndex, semanticTextsOf, type HybridIndex } from '@engines/qa/semantic.js';
import { parseCalibration } from '@engines/qa/calibrate.js';
import type { Db } from '../db/index.js';
import { jiebaSegmenter } from '../ai/jieba.js';
import { listQaPairs, type QaBotRow } from '../repositories/qa-bots.repository.js';
import { lruGet, lruSet } from './lru-map.js';
import { parseGroups, parseStrings } from './qa-bot.service.js';

/** What the ranking needs of the embedding service (qa-embed.service.ts). */
export interface SemanticVectors {
  schedule(botId: string): void;
  vectors(texts: string[]): Promise<Map<string, Float32Array>>;
  embedQuery(texts: string[]): Promise<Float32Array[]>;
}

export interface RankedBot {
  version: number;
  pairs: QaPair[];
  lexical: QaIndex;
  hybrid: HybridIndex | null;
  /** When the vectors were last looked up while some were missing. */
  checkedAt: number;
  byId: Map<string, { question: string; answer: string }>;
  /** A calibration of an older scale was found and the bot's recalibration asked for. */
  recalibrating?: boolean;
}

/** Bots whose index stays in memory; beyond it the least recently asked is rebuilt on its next ask. */
const CACHE_BOTS = 200;
/** How often a bot whose vectors are still being made looks for them again. */
const RECHECK_MS = 3_000;
/** How long a question's vector may take before the answer is ranked on words alone. */
const QUERY_VECTOR_MS = 2_000;
/** The hand-off line of a bot ranked by meaning before it was calibrated (docs/qa-engine.md). */
export const DEFAULT_HANDOFF = 0.3;

/**
 * A bot's ranking: the lexical index (BM25, jieba for Chinese) and, once its sentence vectors are
 * stored, the hybrid index over both. Cached per bot with the bot's version, which every ask reads
 * with the bot row anyway, so an import or edit on any instance is seen by the next ask everywhere.
 */
export function createQaRanking(deps: { db: Db; semantic?: SemanticVectors; now?: () => number }) {
  const { db, semantic } = deps;
  const now = deps.now ?? Date.now;
  const cache = new Map<string, RankedBot>();

  async function hybridOf(bot: QaBotRow, ranked: Pick<RankedBot, 'pairs' | 'lexical'>): Promise<HybridIndex | null> {
    if (!semantic || ranked.pairs.length === 0) return null;
    const vectors = await semantic.vectors(semanticTextsOf(ranked.pairs));
    const hybrid = buildHybridIndex(ranked.pairs, ranked.lexical, (t) => vectors.get(t));
    if (!hybrid.semanticReady) semantic.schedule(bot.id);
    return hybrid;
  }

  async function rankingOf(bot: QaBotRow): Promise<RankedBot> {
    const hit = lruGet(cache, bot.id);
    if (hit && hit.version === bot.version) {
      if (!hit.hybrid?.semanticReady && semantic && now() - hit.checkedAt > RECHECK_MS) {
        hit.checkedAt = now();
        hit.hybrid = await hybridOf(bot, hit);
      }
      return hit;
    }
    const rows = await listQaPairs(db, bot.id);
    const pairs = rows.map((r) => ({ id: r.id, question: r.question, alternatives: parseStrings(r.alternatives), answer: r.answer }));
    const lexical = buildQaIndex(pairs, { synonyms: parseGroups(bot.synonyms), segmentChinese: jiebaSegmenter() });
    const built: RankedBot = { version: bot.version, pairs, lexical, hybrid: null, checkedAt: now(), byId: new Map(pairs.map((p) => [p.id, { question: p.question, answer: p.answer }])) };
    built.hybrid = await hybridOf(bot, built);
    lruSet(cache, bot.id, built, CACHE_BOTS);
    return built;
  }

  /** The question's vector, or null (no model, or it failed or took too long: the answer is ranked on words). */
  async function queryVector(question: string): Promise<Float32Array | null> {
    if (!semantic) return null;
    let timer: NodeJS.Timeout | undefined;
    try {
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), QUERY_VECTOR_MS)));
      const [vector] = (await Promise.race([semantic.embedQuery([question]), late])) ?? [];
      return vector ?? null;
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    rankingOf,

    /**
     * The match and the decision at the bot's threshold: ranked by meaning and words when the
     * bot's vectors are all stored (its calibrated hand-off line), else on words alone at the
     * lexical engine's own threshold (the owner's threshold is on the hybrid scale).
     */
    async decide(bot: QaBotRow, question: string, limit: number): Promise<{ ranked: RankedBot; match: QaMatch; decision: QaDecision; semantic: boolean }> {
      const ranked = await rankingOf(bot);
      // Only with every pair's vectors: a pair without any (just added) would lose to every other.
      const hybrid = ranked.hybrid?.semanticReady ? ranked.hybrid : null;
      const calibration = parseCalibration(bot.calibration);
      const stale = bot.calibration !== null && calibration === null;
      const vector = hybrid && !stale ? await queryVector(question) : null;
      if (hybrid && stale) {
        // Calibrated on an older score scale: its threshold means something else now. Words alone
        // answer until the bot is calibrated again (the embedding job's hook does that, with no text to embed).
        if (!ranked.recalibrating) {
          ranked.recalibrating = true;
          semantic?.schedule(bot.id);
        }
      } else if (hybrid && vector) {
        const match = hybrid.search(question, vector, limit);
        const handoffBelow = (calibration?.handoffBelow ?? DEFAULT_HANDOFF * 1000) / 1000;
        return { ranked, match, decision: decideAnswer(match, bot.threshold_milli / 1000, handoffBelow), semantic: true };
      }
      const match = ranked.lexical.search(question, limit);
      return { ranked, match, decision: decideAnswer(match, DEFAULT_THRESHOLD), semantic: false };
    },

    forget(botId?: string) {
      if (botId) cache.delete(botId);
      else cache.clear();
    },
  };
}
export type QaRanking = ReturnType<typeof createQaRanking>;
