import type { Selectable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { QaSpendDaysTable } from '../db/schema.js';

export type QaSpendDayRow = Selectable<QaSpendDaysTable>;

async function ensureDay(db: DbOrTx, botId: string, day: string): Promise<void> {
  await db
    .insertInto('qa_spend_days')
    .values({ bot_id: botId, day, charged: 0, capped: 0, cached: 0 })
    .onConflict((oc) => oc.columns(['bot_id', 'day']).doNothing())
    .execute();
}

/**
 * Takes one charged answer of the day if the cap allows (null: no cap). One conditional UPDATE, so
 * concurrent asks on any instance never take more than the cap (PostgreSQL re-checks the condition
 * on the row it waited for; SQLite has one writer).
 */
export async function takeChargedAnswer(db: DbOrTx, botId: string, day: string, cap: number | null): Promise<boolean> {
  await ensureDay(db, botId, day);
  let q = db
    .updateTable('qa_spend_days')
    .set((eb) => ({ charged: eb('charged', '+', 1) }))
    .where('bot_id', '=', botId)
    .where('day', '=', day);
  if (cap !== null) q = q.where('charged', '<', cap);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Gives back a taken answer whose charge was refused or refunded. */
export async function returnChargedAnswer(db: DbOrTx, botId: string, day: string): Promise<void> {
  await db
    .updateTable('qa_spend_days')
    .set((eb) => ({ charged: eb('charged', '-', 1) }))
    .where('bot_id', '=', botId)
    .where('day', '=', day)
    .where('charged', '>', 0)
    .execute();
}

/** Counts an answerable question handed off by the cap, or a repeat answered from the cache. */
export async function countUncharged(db: DbOrTx, botId: string, day: string, what: 'capped' | 'cached'): Promise<void> {
  await ensureDay(db, botId, day);
  await db
    .updateTable('qa_spend_days')
    .set((eb) => ({ [what]: eb(what, '+', 1) }))
    .where('bot_id', '=', botId)
    .where('day', '=', day)
    .execute();
}

/** The bot's days from `fromDay` to `toDay` included (YYYY-MM-DD sorts as dates). */
export function spendDays(db: DbOrTx, botId: string, fromDay: string, toDay: string): Promise<QaSpendDayRow[]> {
  return db.selectFrom('qa_spend_days').selectAll().where('bot_id', '=', botId).where('day', '>=', fromDay).where('day', '<=', toDay).execute();
}

/** A live cached answer for this key decided on this version of the bot, as its JSON. */
export async function findCachedAnswer(db: DbOrTx, key: string, version: number, now: number): Promise<string | undefined> {
  const row = await db.selectFrom('qa_answer_cache').select('answer').where('key', '=', key).where('version', '=', version).where('expires_at', '>', now).executeTakeFirst();
  return row?.answer;
}

/** Keeps an answer (replacing an expired or stale one) and drops the bot's expired entries. */
export async function putCachedAnswer(db: DbOrTx, row: { key: string; bot_id: string; version: number; answer: string; expires_at: number }, now: number): Promise<void> {
  await db.deleteFrom('qa_answer_cache').where('bot_id', '=', row.bot_id).where('expires_at', '<=', now).execute();
  await db
    .insertInto('qa_answer_cache')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet({ version: row.version, answer: row.answer, expires_at: row.expires_at }))
    .execute();
}
