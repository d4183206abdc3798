import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { QaDecision } from '@engines/qa/index.js';
import type { QaAnswer, QaAsk } from '@contracts/ai-qa.js';
import { transaction, type Db, type DbOrTx } from '../db/index.js';
import type { LlmClient } from '../ai/llm-client.js';
import { AppError } from '../http/app-error.js';
import { findQaBotByKey, type QaBotRow } from '../repositories/qa-bots.repository.js';
import { insertQaHandoff, insertQaHandoffMessage, insertQaQuestion, upsertQaSuggestion } from '../repositories/qa-log.repository.js';
import { botNotFound, qaToolConfig } from './qa-bot.service.js';
import { createQaRanking, type RankedBot } from './qa-ranking.js';
import type { QaEmbedService } from './qa-embed.service.js';
import type { QaPublicSpend } from './qa-public-spend.js';
import { rerankWithModel } from './qa-rerank.js';
import type { ToolUsageService } from './tool-usage.service.js';

/** Candidates the index returns (and the model may pick from). */
const CANDIDATES = 5;

/** How unanswered questions are deduplicated: case, width, spaces and end punctuation ignored. */
export function normaliseQuestion(q: string): string {
  return q
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[?？!！.。,，;；:：]+$/u, '')
    .slice(0, 500);
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Answers questions for a bot: its index is built from the pairs and synonyms (jieba for Chinese)
 * and cached per bot with the bot's version, which every ask reads with the bot row anyway, so an
 * import or edit on any instance is seen by the next ask everywhere.
 */
export function createQaAskService(deps: { db: Db; toolUsage: ToolUsageService; llm: LlmClient; spend: QaPublicSpend; now?: () => number; embed?: QaEmbedService }) {
  const { db, toolUsage, llm, spend } = deps;
  const now = deps.now ?? Date.now;
  const ranking = createQaRanking({ db, semantic: deps.embed, now });

  /** The offline decision, then the model's rerank when an endpoint is configured (never worse than offline on failure). */
  async function decide(bot: QaBotRow, question: string): Promise<{ decision: QaDecision; answerText?: string; model: boolean; cached: RankedBot }> {
    const { ranked: cached, match, decision } = await ranking.decide(bot, question, CANDIDATES);
    const threshold = bot.threshold_milli / 1000;
    // Out of scope stays out of scope: the model only chooses among plausible candidates.
    if (decision.kind === 'handoff' || !llm.configured) return { decision, model: false, cached };
    const { rephrase } = await qaToolConfig(toolUsage);
    const candidates = match.candidates.map((c) => ({ pairId: c.pairId, question: c.question, answer: cached.byId.get(c.pairId)?.answer ?? '' }));
    const picked = await rerankWithModel(llm, question, candidates, rephrase);
    if (!picked) return { decision, model: false, cached };
    if (picked.pairId === null) {
      return { decision: { kind: 'suggest', candidates: match.candidates.slice(0, 3), confidence: Math.min(match.confidence, threshold * 0.99) }, model: true, cached };
    }
    return { decision: { kind: 'answer', pairId: picked.pairId, confidence: Math.max(match.confidence, threshold) }, answerText: picked.answer, model: true, cached };
  }

  function answerOf(d: Awaited<ReturnType<typeof decide>>): QaAnswer {
    const { decision, cached } = d;
    const confidence = Math.round(decision.confidence * 1000) / 1000;
    const base = { confidence, citations: [], suggestions: [], ...(d.model ? { model: true } : {}) };
    if (decision.kind === 'answer') {
      const pair = cached.byId.get(decision.pairId);
      return { ...base, answered: true, decision: 'answer', answer: d.answerText ?? pair?.answer ?? '', citations: [{ pairId: decision.pairId, question: pair?.question ?? '' }] };
    }
    if (decision.kind === 'suggest') {
      return { ...base, answered: false, decision: 'suggest', suggestions: decision.candidates.map((c) => ({ pairId: c.pairId, question: c.question })) };
    }
    return { ...base, answered: false, decision: 'handoff' };
  }

  /** `queue`: an unanswered question becomes a suggestion (not one the cap handed off: it has an answer). */
  async function log(tx: DbOrTx, bot: QaBotRow, question: string, answer: QaAnswer, source: 'public' | 'owner', t: number, queue = true) {
    await insertQaQuestion(tx, {
      id: randomUUID(),
      bot_id: bot.id,
      question,
      decision: answer.decision,
      pair_id: answer.citations[0]?.pairId ?? null,
      confidence_milli: Math.round(answer.confidence * 1000),
      source,
      created_at: t,
    });
    if (answer.decision !== 'answer' && queue) {
      await upsertQaSuggestion(tx, { id: randomUUID(), bot_id: bot.id, norm: normaliseQuestion(question), question, count: 1, status: 'open', created_at: t, last_at: t });
    }
  }

  return {
    /** The owner's test ask: free, logged as 'owner' (not in analytics, not queued as a suggestion). */
    async askAsOwner(bot: QaBotRow, question: string): Promise<QaAnswer> {
      const answer = answerOf(await decide(bot, question));
      await insertQaQuestion(db, { id: randomUUID(), bot_id: bot.id, question, decision: answer.decision, pair_id: answer.citations[0]?.pairId ?? null, confidence_milli: Math.round(answer.confidence * 1000), source: 'owner', created_at: now() });
      return answer;
    },

    /**
     * A visitor's ask through the public endpoint. An answer spends one use of the owner's
     * TYPE_API quota and one of the bot's charged answers of the day (its owner's cap); when the
     * cap is reached, the owner has no quota left or the tool is switched off, the visitor is
     * handed off politely instead (nothing spent). The same question from the same visitor
     * (`visitor`: their network) within QA_ANSWER_CACHE_MS gets the same answer again, free.
     */
    async askPublic(publicKey: string, body: QaAsk, visitor: string): Promise<QaAnswer> {
      const bot = await findQaBotByKey(db, publicKey);
      if (!bot) throw botNotFound();
      const t = now();
      const norm = normaliseQuestion(body.question);
      const repeat = await spend.cached(bot, visitor, norm, t);
      if (repeat) {
        await log(db, bot, body.question, repeat, 'public', t);
        return repeat;
      }
      let answer = answerOf(await decide(bot, body.question));
      const handOff = (): QaAnswer => ({ answered: false, decision: 'handoff', confidence: answer.confidence, citations: [], suggestions: [] });
      // Charged in its own transaction (settings may be read from the database, and SQLite has one
      // connection); refunded if logging the answer fails, so a use is spent once per answer.
      let useId: string | null = null;
      let capped = false;
      if (answer.decision === 'answer') {
        if (!(await spend.take(bot, t))) {
          capped = true;
          await spend.capped(bot, t);
          answer = handOff();
        } else {
          try {
            useId = (await toolUsage.charge(bot.owner_id, 'qa-bot', bot.id)).useId;
          } catch (err) {
            await spend.giveBack(bot, t);
            if (!(err instanceof AppError)) throw err;
            // 1001 (switched off, no package) or 1004 (none left): the visitor still gets a person.
            answer = handOff();
          }
        }
      }
      let result: QaAnswer;
      try {
        result = await transaction(db, async (tx) => {
          await log(tx, bot, body.question, answer, 'public', t, !capped);
          if (answer.decision !== 'handoff') return answer;
          const token = randomBytes(24).toString('base64url');
          const conversationId = randomUUID();
          await insertQaHandoff(tx, { id: conversationId, bot_id: bot.id, question: body.question, email: body.email ?? null, token_hash: tokenHash(token), status: 'open', created_at: t, updated_at: t });
          await insertQaHandoffMessage(tx, { id: randomUUID(), handoff_id: conversationId, author: 'visitor', body: body.question, created_at: t });
          return { ...answer, handoff: { conversationId, token } };
        });
      } catch (err) {
        if (useId) {
          await toolUsage.refund(useId);
          await spend.giveBack(bot, t);
        }
        throw err;
      }
      // The answer is paid for and logged; failing to keep it for a repeat must not take it back.
      if (useId) await spend.remember(bot, visitor, norm, result, t).catch(() => undefined);
      return result;
    },

    /** Forgets cached indexes (tests; a deleted bot's index also ages out of the cache by itself). */
    forget(botId?: string) {
      ranking.forget(botId);
    },
  };
}
export type QaAskService = ReturnType<typeof createQaAskService>;
