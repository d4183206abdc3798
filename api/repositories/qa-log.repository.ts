import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { QaHandoffMessagesTable, QaHandoffsTable, QaQuestionsTable, QaSuggestionsTable } from '../db/schema.js';

export type QaQuestionRow = Selectable<QaQuestionsTable>;
export type QaSuggestionRow = Selectable<QaSuggestionsTable>;
export type QaHandoffRow = Selectable<QaHandoffsTable>;
export type QaHandoffMessageRow = Selectable<QaHandoffMessagesTable>;

export function insertQaQuestion(db: DbOrTx, row: Insertable<QaQuestionsTable>) {
  return db.insertInto('qa_questions').values(row).execute();
}

export function listQaQuestions(db: DbOrTx, botId: string, limit: number): Promise<QaQuestionRow[]> {
  return db.selectFrom('qa_questions').selectAll().where('bot_id', '=', botId).orderBy('created_at', 'desc').limit(limit).execute();
}

/** Public questions since `from`: only what analytics needs. */
export function publicQuestionsSince(db: DbOrTx, botId: string, from: number): Promise<Pick<QaQuestionRow, 'decision' | 'created_at'>[]> {
  return db.selectFrom('qa_questions').select(['decision', 'created_at']).where('bot_id', '=', botId).where('source', '=', 'public').where('created_at', '>=', from).execute();
}

/** Counts an unanswered question: a new suggestion, or one more ask of an open one (a dismissed or accepted one opens again). */
export async function upsertQaSuggestion(db: DbOrTx, row: Insertable<QaSuggestionsTable>): Promise<void> {
  await db
    .insertInto('qa_suggestions')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['bot_id', 'norm']).doUpdateSet((eb) => ({ count: eb('qa_suggestions.count', '+', 1), last_at: eb.ref('excluded.last_at'), status: 'open' })),
    )
    .execute();
}

export function listOpenQaSuggestions(db: DbOrTx, botId: string): Promise<QaSuggestionRow[]> {
  return db.selectFrom('qa_suggestions').selectAll().where('bot_id', '=', botId).where('status', '=', 'open').orderBy('count', 'desc').orderBy('last_at', 'desc').limit(200).execute();
}

export function findQaSuggestion(db: DbOrTx, botId: string, id: string): Promise<QaSuggestionRow | undefined> {
  return db.selectFrom('qa_suggestions').selectAll().where('bot_id', '=', botId).where('id', '=', id).executeTakeFirst();
}

export async function setQaSuggestionStatus(db: DbOrTx, id: string, status: QaSuggestionRow['status']): Promise<void> {
  await db.updateTable('qa_suggestions').set({ status }).where('id', '=', id).execute();
}

export function insertQaHandoff(db: DbOrTx, row: Insertable<QaHandoffsTable>) {
  return db.insertInto('qa_handoffs').values(row).execute();
}

export function findQaHandoff(db: DbOrTx, id: string): Promise<QaHandoffRow | undefined> {
  return db.selectFrom('qa_handoffs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listQaHandoffs(db: DbOrTx, botId: string): Promise<QaHandoffRow[]> {
  return db.selectFrom('qa_handoffs').selectAll().where('bot_id', '=', botId).orderBy('updated_at', 'desc').limit(200).execute();
}

export async function setQaHandoffStatus(db: DbOrTx, id: string, status: QaHandoffRow['status'], at: number): Promise<void> {
  await db.updateTable('qa_handoffs').set({ status, updated_at: at }).where('id', '=', id).execute();
}

export function insertQaHandoffMessage(db: DbOrTx, row: Insertable<QaHandoffMessagesTable>) {
  return db.insertInto('qa_handoff_messages').values(row).execute();
}

export function listQaHandoffMessages(db: DbOrTx, handoffIds: readonly string[]): Promise<QaHandoffMessageRow[]> {
  if (handoffIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('qa_handoff_messages').selectAll().where('handoff_id', 'in', handoffIds).orderBy('created_at', 'asc').execute();
}
