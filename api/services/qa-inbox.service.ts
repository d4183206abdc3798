import { randomUUID } from 'node:crypto';
import type { QaAnalytics, QaHandoff, QaPublicHandoff, QaSuggestion, QaSuggestionAccept } from '@contracts/ai-qa.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { transaction, type Db } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import { findQaBotByKey, findQaPair, insertQaPair, listQaPairs, maxQaPairPosition, updateQaBot, updateQaPair, type QaBotRow } from '../repositories/qa-bots.repository.js';
import {
  findQaHandoff,
  findQaSuggestion,
  insertQaHandoffMessage,
  listOpenQaSuggestions,
  listQaHandoffMessages,
  listQaHandoffs,
  listQaQuestions,
  publicQuestionsSince,
  setQaHandoffStatus,
  setQaSuggestionStatus,
  type QaHandoffMessageRow,
  type QaHandoffRow,
} from '../repositories/qa-log.repository.js';
import { parseStrings } from './qa-bot.service.js';
import { tokenHash } from './qa-ask.service.js';
import type { QaPublicSpend } from './qa-public-spend.js';
import { timingSafeEqual } from 'node:crypto';

const iso = (ms: number) => new Date(ms).toISOString();
const DAY_MS = 86_400_000;
const notFound = (what: string) => new AppError(ErrorCode.NOT_FOUND, `No such ${what}`);

function toHandoff(row: QaHandoffRow, messages: QaHandoffMessageRow[]): QaHandoff {
  return {
    conversationId: row.id,
    question: row.question,
    email: row.email,
    status: row.status,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    messages: messages.filter((m) => m.handoff_id === row.id).map((m) => ({ author: m.author, body: m.body, at: iso(m.created_at) })),
  };
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * What comes back to the owner from the bot's visitors: hand-off conversations (the owner
 * replies, the visitor reads with their token), suggested pairs from unanswered questions, the
 * questions log and the measured deflection rate. Callers pass a bot already checked as theirs.
 */
/** `pairsChanged`: told after an accepted suggestion changed the bot's pairs (its vectors are made again). */
export function createQaInboxService(db: Db, spend: QaPublicSpend, now: () => number = Date.now, pairsChanged: (botId: string) => void = () => undefined) {
  return {
    async handoffs(bot: QaBotRow): Promise<QaHandoff[]> {
      const rows = await listQaHandoffs(db, bot.id);
      const messages = await listQaHandoffMessages(db, rows.map((r) => r.id));
      return rows.map((r) => toHandoff(r, messages));
    },

    async reply(bot: QaBotRow, conversationId: string, body: string): Promise<QaHandoff> {
      const row = await findQaHandoff(db, conversationId);
      if (!row || row.bot_id !== bot.id) throw notFound('conversation');
      const t = now();
      await transaction(db, async (tx) => {
        await insertQaHandoffMessage(tx, { id: randomUUID(), handoff_id: row.id, author: 'owner', body, created_at: t });
        await setQaHandoffStatus(tx, row.id, 'replied', t);
      });
      const messages = await listQaHandoffMessages(db, [row.id]);
      return toHandoff({ ...row, status: 'replied', updated_at: t }, messages);
    },

    /** The visitor's read: the bot's public key, the conversation id and its secret token must all match (40404 otherwise). */
    async publicHandoff(publicKey: string, conversationId: string, token: string): Promise<QaPublicHandoff> {
      const bot = await findQaBotByKey(db, publicKey);
      const row = bot ? await findQaHandoff(db, conversationId) : undefined;
      if (!bot || !row || row.bot_id !== bot.id || !sameHash(row.token_hash, tokenHash(token))) throw notFound('conversation');
      const messages = await listQaHandoffMessages(db, [row.id]);
      return { conversationId: row.id, status: row.status, messages: toHandoff(row, messages).messages };
    },

    async suggestions(bot: QaBotRow): Promise<QaSuggestion[]> {
      return (await listOpenQaSuggestions(db, bot.id)).map((s) => ({ id: s.id, question: s.question, count: s.count, lastAt: iso(s.last_at) }));
    },

    /** One click: a new pair with the typed answer, or the question as another phrasing of an existing pair. */
    async accept(bot: QaBotRow, id: string, body: QaSuggestionAccept): Promise<void> {
      const suggestion = await findQaSuggestion(db, bot.id, id);
      if (!suggestion || suggestion.status !== 'open') throw notFound('suggestion');
      await transaction(db, async (tx) => {
        if ('pairId' in body) {
          const pair = await findQaPair(tx, bot.id, body.pairId);
          if (!pair) throw notFound('pair');
          const alternatives = parseStrings(pair.alternatives);
          if (!alternatives.includes(suggestion.question)) alternatives.push(suggestion.question);
          await updateQaPair(tx, bot.id, pair.id, { alternatives: JSON.stringify(alternatives) });
        } else {
          await insertQaPair(tx, { id: randomUUID(), bot_id: bot.id, position: (await maxQaPairPosition(tx, bot.id)) + 1, question: suggestion.question, alternatives: '[]', answer: body.answer });
        }
        await setQaSuggestionStatus(tx, suggestion.id, 'accepted');
        await updateQaBot(tx, bot.id, { pairs: (await listQaPairs(tx, bot.id)).length, updated_at: now() }, true);
      });
      pairsChanged(bot.id);
    },

    async dismiss(bot: QaBotRow, id: string): Promise<void> {
      const suggestion = await findQaSuggestion(db, bot.id, id);
      if (!suggestion) throw notFound('suggestion');
      await setQaSuggestionStatus(db, suggestion.id, 'dismissed');
    },

    async questions(bot: QaBotRow) {
      return (await listQaQuestions(db, bot.id, 200)).map((q) => ({ id: q.id, question: q.question, decision: q.decision, confidence: q.confidence_milli / 1000, pairId: q.pair_id, at: iso(q.created_at) }));
    },

    /** Public questions of the last `days` days (UTC), per day; the rate is measured, never assumed. */
    async analytics(bot: QaBotRow, days: number): Promise<QaAnalytics> {
      const end = now();
      const firstDay = Math.floor(end / DAY_MS) - (days - 1);
      const rows = await publicQuestionsSince(db, bot.id, firstDay * DAY_MS);
      const perDay = Array.from({ length: days }, (_, i) => ({ day: iso((firstDay + i) * DAY_MS).slice(0, 10), questions: 0, answered: 0, suggested: 0, handedOff: 0 }));
      for (const r of rows) {
        const d = perDay[Math.floor(Number(r.created_at) / DAY_MS) - firstDay];
        if (!d) continue;
        d.questions += 1;
        if (r.decision === 'answer') d.answered += 1;
        else if (r.decision === 'suggest') d.suggested += 1;
        else d.handedOff += 1;
      }
      const sum = (k: 'questions' | 'answered' | 'suggested' | 'handedOff') => perDay.reduce((n, d) => n + d[k], 0);
      const questions = sum('questions');
      const answered = sum('answered');
      return {
        days,
        questions,
        answered,
        suggested: sum('suggested'),
        handedOff: sum('handedOff'),
        deflectionRate: questions === 0 ? 0 : Math.round((answered / questions) * 1000) / 1000,
        perDay,
        spend: await spend.today(bot, end),
      };
    },
  };
}
export type QaInboxService = ReturnType<typeof createQaInboxService>;
