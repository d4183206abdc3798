import { createHash } from 'node:crypto';
import { QA_SPIKE_FACTOR, QA_SPIKE_FLOOR, qaAnswerSchema, type QaAnswer, type QaSpend } from '@contracts/ai-qa.js';
import type { Db } from '../db/index.js';
import type { QaBotRow } from '../repositories/qa-bots.repository.js';
import { countUncharged, findCachedAnswer, putCachedAnswer, returnChargedAnswer, spendDays, takeChargedAnswer } from '../repositories/qa-spend.repository.js';
import { DAY_MS, utcDay } from './utc-day.js';

/** How long a visitor's answer is served again, free, for the same question. */
export const QA_ANSWER_CACHE_MS = 10 * 60_000;
/** The days before today the spike rule averages over. */
const HISTORY_DAYS = 7;

const dayOf = (t: number): string => utcDay(t).day;

/**
 * What strangers may spend of a bot owner's quota (issue 27): the owner's daily cap on charged
 * public answers, a visitor's repeated question answered again for free, and today's figures with
 * the spike alert. `visitor` is the asker's network (IPv4 /24, IPv6 /64, `networkOf`): the widget
 * has no visitor token, and one a visitor chose could be varied to dodge the cache.
 */
export function createQaPublicSpend(db: Db) {
  const cacheKey = (botId: string, visitor: string, norm: string) => createHash('sha256').update(`${botId}\n${visitor}\n${norm}`).digest('hex');

  return {
    /** The visitor's recent answer to this (normalised) question on this version of the bot, counted as cached. */
    async cached(bot: QaBotRow, visitor: string, norm: string, t: number): Promise<QaAnswer | null> {
      const json = await findCachedAnswer(db, cacheKey(bot.id, visitor, norm), bot.version, t);
      if (json === undefined) return null;
      let parsed: ReturnType<typeof qaAnswerSchema.safeParse>;
      try {
        parsed = qaAnswerSchema.safeParse(JSON.parse(json));
      } catch {
        return null;
      }
      if (!parsed.success) return null;
      await countUncharged(db, bot.id, dayOf(t), 'cached');
      return parsed.data;
    },

    /** Keeps a charged answer for the visitor's next ask of the same question. */
    remember(bot: QaBotRow, visitor: string, norm: string, answer: QaAnswer, t: number): Promise<void> {
      return putCachedAnswer(db, { key: cacheKey(bot.id, visitor, norm), bot_id: bot.id, version: bot.version, answer: JSON.stringify(answer), expires_at: t + QA_ANSWER_CACHE_MS }, t);
    },

    /** Takes one of today's charged answers; false when the owner's cap is reached. */
    take: (bot: QaBotRow, t: number) => takeChargedAnswer(db, bot.id, dayOf(t), bot.public_daily_cap),
    /** Gives back an answer taken at `t` that was not charged after all. */
    giveBack: (bot: QaBotRow, t: number) => returnChargedAnswer(db, bot.id, dayOf(t)),
    /** Counts an answerable question handed off because the cap was reached. */
    capped: (bot: QaBotRow, t: number) => countUncharged(db, bot.id, dayOf(t), 'capped'),

    /** Today's figures for the owner, with the spike rule (contracts QA_SPIKE_FACTOR and QA_SPIKE_FLOOR). */
    async today(bot: QaBotRow, t: number): Promise<QaSpend> {
      const day = dayOf(t);
      const rows = await spendDays(db, bot.id, dayOf(t - HISTORY_DAYS * DAY_MS), day);
      const now = rows.find((r) => r.day === day);
      const charged = Number(now?.charged ?? 0);
      const previous = rows.filter((r) => r.day !== day).reduce((n, r) => n + Number(r.charged), 0) / HISTORY_DAYS;
      const cap = bot.public_daily_cap;
      return {
        day,
        charged,
        capped: Number(now?.capped ?? 0),
        cached: Number(now?.cached ?? 0),
        cap,
        capReached: cap !== null && charged >= cap,
        previousAverage: Math.round(previous * 100) / 100,
        spike: charged >= QA_SPIKE_FLOOR && charged > QA_SPIKE_FACTOR * previous,
      };
    },
  };
}
export type QaPublicSpend = ReturnType<typeof createQaPublicSpend>;
