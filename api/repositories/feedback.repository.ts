import { sql, type Insertable, type Selectable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { FeedbackConversationsTable, FeedbackMessagesTable } from '../db/schema.js';
import { escapeLike } from './like-pattern.js';

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
 * Records new activity on a conversation: its status (who spoke last; a closed one opens again),
 * its time, for a staff reply its time as the latest reply, and for a user's follow-up the e-mail
 * address they gave.
 */
export async function touchConversation(db: DbOrTx, id: string, patch: { status: 'open' | 'replied'; updatedAt: number; email?: string }): Promise<void> {
  await db
    .updateTable('feedback_conversations')
    .set({
      status: patch.status,
      updated_at: patch.updatedAt,
      ...(patch.status === 'replied' ? { last_reply_at: patch.updatedAt } : {}),
      ...(patch.email !== undefined ? { email: patch.email } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Staff close or reopen a conversation: sets `status` only when it is one of `from`, so that two
 * managers acting at once change it (and audit it) once. True when it changed.
 */
export async function setConversationStatus(db: DbOrTx, id: string, status: ConversationRow['status'], from: readonly ConversationRow['status'][]): Promise<boolean> {
  const res = await db.updateTable('feedback_conversations').set({ status }).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The user has seen these conversations (their own only) up to `at`: their replies are no longer unread. */
export async function markConversationsSeen(db: DbOrTx, userId: string, ids: readonly string[], at: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('feedback_conversations').set({ user_seen_at: at }).where('user_id', '=', userId).where('id', 'in', ids).execute();
}

/** How many of the user's conversations have a staff reply newer than what they have seen. */
export async function countUnreadReplies(db: DbOrTx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('feedback_conversations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where((eb) => eb('last_reply_at', '>', eb.fn.coalesce('user_seen_at', sql.lit(0))))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The admin list's filters; `q` is already lower-cased. */
export interface AdminConversationFilter {
  category?: string | undefined;
  status?: ConversationRow['status'] | undefined;
  q?: string | undefined;
}

function adminFiltered(db: DbOrTx, f: AdminConversationFilter) {
  let q = db.selectFrom('feedback_conversations as c').innerJoin('users as u', 'u.id', 'c.user_id');
  if (f.category) q = q.where('c.category', '=', f.category);
  if (f.status) q = q.where('c.status', '=', f.status);
  if (f.q) {
    const needle = escapeLike(f.q);
    // Portable on SQLite and PostgreSQL: lower() on both sides, LIKE with an explicit escape character.
    q = q.where((eb) =>
      eb.or([
        eb('c.id', '=', f.q!),
        sql<boolean>`lower(c.subject) like ${`%${needle}%`} escape '\\'`,
        sql<boolean>`u.user_id_lower like ${`${needle}%`} escape '\\'`,
      ]),
    );
  }
  return q;
}

/** One page of conversations for staff, newest activity first, with their writer, message count and latest message. */
export async function listAdminConversations(db: DbOrTx, f: AdminConversationFilter, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    adminFiltered(db, f)
      .selectAll('c')
      .select('u.user_id as writer_user_id')
      .select((eb) => [
        eb.selectFrom('feedback_messages as m').select((e) => e.fn.countAll<number>().as('n')).whereRef('m.conversation_id', '=', 'c.id').as('message_count'),
        eb.selectFrom('feedback_messages as m').select('m.type').whereRef('m.conversation_id', '=', 'c.id').orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(1).as('last_type'),
        eb.selectFrom('feedback_messages as m').select('m.content').whereRef('m.conversation_id', '=', 'c.id').orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(1).as('last_content'),
      ])
      .orderBy('c.updated_at', 'desc')
      .orderBy('c.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    adminFiltered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** A conversation with its writer's account, for staff. */
export function findConversationWithWriter(db: DbOrTx, id: string) {
  return db
    .selectFrom('feedback_conversations as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select(['u.user_id as writer_user_id', 'u.name as writer_name', 'u.email as writer_email', 'u.disabled_at as writer_disabled_at'])
    .where('c.id', '=', id)
    .executeTakeFirst();
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
