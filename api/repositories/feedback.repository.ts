import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { FeedbackConversationsTable, FeedbackMessagesTable } from '../db/schema.js';

/**
 * The one writer of `feedback_conversations` and `feedback_messages`. A message and the
 * conversation's latest-activity time and status change together: call the writers here inside
 * one transaction.
 */
export type ConversationRow = Selectable<FeedbackConversationsTable>;
export type MessageRow = Selectable<FeedbackMessagesTable>;

export async function insertConversation(db: DbOrTx, row: Insertable<FeedbackConversationsTable>): Promise<void> {
  await db.insertInto('feedback_conversations').values(row).execute();
}

export async function insertMessage(db: DbOrTx, row: Insertable<FeedbackMessagesTable>): Promise<void> {
  await db.insertInto('feedback_messages').values(row).execute();
}

/** One conversation by id alone (staff replies), or undefined. */
export function findConversation(db: DbOrTx, id: string) {
  return db.selectFrom('feedback_conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's own conversation, or undefined when it is not theirs. */
export function findUserConversation(db: DbOrTx, id: string, userId: string) {
  return db.selectFrom('feedback_conversations').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Records new activity on a conversation: its status (who spoke last), its time, and for a
 * user's follow-up the e-mail address they gave.
 */
export async function touchConversation(db: DbOrTx, id: string, patch: { status: 'open' | 'replied'; updatedAt: number; email?: string }): Promise<void> {
  await db
    .updateTable('feedback_conversations')
    .set({ status: patch.status, updated_at: patch.updatedAt, ...(patch.email !== undefined ? { email: patch.email } : {}) })
    .where('id', '=', id)
    .execute();
}

/** The user's conversations, latest activity first, at most `limit`. */
export function listUserConversations(db: DbOrTx, userId: string, limit: number) {
  return db
    .selectFrom('feedback_conversations')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Every message of these conversations, oldest first. */
export async function messagesOf(db: DbOrTx, conversationIds: string[]): Promise<MessageRow[]> {
  if (conversationIds.length === 0) return [];
  return db
    .selectFrom('feedback_messages')
    .selectAll()
    .where('conversation_id', 'in', conversationIds)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}
