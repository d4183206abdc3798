import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/**
 * Feedback as conversations: a user's first message opens one, follow-ups and staff replies are
 * further messages of it (type 'feedback' or 'reply').
 */
export async function up(db: AnyDb, { bigint }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('feedback_conversations')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('category', 'varchar(32)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    // 'open' while the user spoke last, 'replied' once staff answered: the admin list's filter.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    // Time of the latest message: both lists sort by it.
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_conversations_user_idx').on('feedback_conversations').columns(['user_id', 'updated_at']).execute();
  await db.schema.createIndex('feedback_conversations_status_idx').on('feedback_conversations').columns(['status', 'updated_at']).execute();

  await db.schema
    .createTable('feedback_messages')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('conversation_id', 'varchar(40)', (c) => c.notNull().references('feedback_conversations.id').onDelete('cascade'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    // users.id of the writer; no foreign key, so a reply outlives the staff account that wrote it.
    .addColumn('author_id', 'varchar(40)')
    // The writer's name as shown then (user id for feedback, staff display name for replies).
    .addColumn('author_name', 'varchar(128)', (c) => c.notNull())
    // Users write at most 100 characters; staff replies are not capped here.
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_messages_conversation_idx').on('feedback_messages').columns(['conversation_id', 'created_at']).execute();
}
