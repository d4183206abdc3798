import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { QaBotsTable, QaPairsTable } from '../db/schema.js';

export type QaBotRow = Selectable<QaBotsTable>;
export type QaPairRow = Selectable<QaPairsTable>;

export function insertQaBot(db: DbOrTx, row: Insertable<QaBotsTable>) {
  return db.insertInto('qa_bots').values(row).execute();
}

export function findQaBot(db: DbOrTx, id: string): Promise<QaBotRow | undefined> {
  return db.selectFrom('qa_bots').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findQaBotByKey(db: DbOrTx, publicKey: string): Promise<QaBotRow | undefined> {
  return db.selectFrom('qa_bots').selectAll().where('public_key', '=', publicKey).executeTakeFirst();
}

/** Just the version: what another instance's cached index is checked against on every ask. */
export async function qaBotVersion(db: DbOrTx, id: string): Promise<number | undefined> {
  const row = await db.selectFrom('qa_bots').select('version').where('id', '=', id).executeTakeFirst();
  return row?.version;
}

export function listQaBots(db: DbOrTx, ownerId: string): Promise<QaBotRow[]> {
  return db.selectFrom('qa_bots').selectAll().where('owner_id', '=', ownerId).orderBy('created_at', 'asc').limit(200).execute();
}

/** Updates a bot; `bump` moves its version on (pairs, synonyms or threshold changed). */
export async function updateQaBot(db: DbOrTx, id: string, change: Updateable<QaBotsTable>, bump: boolean): Promise<void> {
  let q = db.updateTable('qa_bots').set(change).where('id', '=', id);
  if (bump) q = q.set((eb) => ({ version: eb('version', '+', 1) }));
  await q.execute();
}

export async function deleteQaBot(db: DbOrTx, id: string): Promise<void> {
  const handoffs = db.selectFrom('qa_handoffs').select('id').where('bot_id', '=', id);
  await db.deleteFrom('qa_handoff_messages').where('handoff_id', 'in', handoffs).execute();
  for (const table of ['qa_handoffs', 'qa_suggestions', 'qa_questions', 'qa_pairs', 'qa_spend_days', 'qa_answer_cache'] as const) {
    await db.deleteFrom(table).where('bot_id', '=', id).execute();
  }
  await db.deleteFrom('qa_bots').where('id', '=', id).execute();
}

export function listQaPairs(db: DbOrTx, botId: string): Promise<QaPairRow[]> {
  return db.selectFrom('qa_pairs').selectAll().where('bot_id', '=', botId).orderBy('position', 'asc').execute();
}

export function findQaPair(db: DbOrTx, botId: string, pairId: string): Promise<QaPairRow | undefined> {
  return db.selectFrom('qa_pairs').selectAll().where('bot_id', '=', botId).where('id', '=', pairId).executeTakeFirst();
}

export async function replaceQaPairs(db: DbOrTx, botId: string, rows: Insertable<QaPairsTable>[]): Promise<void> {
  await db.deleteFrom('qa_pairs').where('bot_id', '=', botId).execute();
  // Chunked: SQLite allows a bounded number of bound parameters per statement.
  for (let i = 0; i < rows.length; i += 100) await db.insertInto('qa_pairs').values(rows.slice(i, i + 100)).execute();
}

export function insertQaPair(db: DbOrTx, row: Insertable<QaPairsTable>) {
  return db.insertInto('qa_pairs').values(row).execute();
}

export async function updateQaPair(db: DbOrTx, botId: string, pairId: string, change: Updateable<QaPairsTable>): Promise<void> {
  await db.updateTable('qa_pairs').set(change).where('bot_id', '=', botId).where('id', '=', pairId).execute();
}

export async function deleteQaPair(db: DbOrTx, botId: string, pairId: string): Promise<void> {
  await db.deleteFrom('qa_pairs').where('bot_id', '=', botId).where('id', '=', pairId).execute();
}

export async function maxQaPairPosition(db: DbOrTx, botId: string): Promise<number> {
  const row = await db.selectFrom('qa_pairs').select((eb) => eb.fn.max('position').as('m')).where('bot_id', '=', botId).executeTakeFirst();
  return Number(row?.m ?? 0);
}
