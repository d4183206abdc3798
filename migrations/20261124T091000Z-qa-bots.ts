import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/**
 * The QA customer-service bot (issue 12). A bot belongs to one user; its pairs are replaced as a
 * whole by an import. `version` grows with every change of pairs, synonyms or threshold so each
 * API instance knows when its in-memory index is stale. Questions asked are logged for the
 * owner's analytics; unanswered ones queue as suggestions (one row per normalised text, with a
 * count). A hand-off is the bot's own conversation between a visitor and the bot's owner.
 */
export async function up(db: AnyDb, { bigint }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('qa_bots')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('public_key', 'varchar(40)', (c) => c.notNull().unique())
    // Thousandths (0..1000): exact on both dialects.
    .addColumn('threshold_milli', 'integer', (c) => c.notNull())
    // JSON array of synonym groups (arrays of words or phrases).
    .addColumn('synonyms', 'text', (c) => c.notNull())
    .addColumn('pairs', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('qa_bots_owner').on('qa_bots').columns(['owner_id', 'created_at']).execute();

  await db.schema
    .createTable('qa_pairs')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('bot_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    // JSON array of strings.
    .addColumn('alternatives', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('qa_pairs_bot').on('qa_pairs').columns(['bot_id', 'position']).execute();

  await db.schema
    .createTable('qa_questions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('bot_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    // 'answer' | 'suggest' | 'handoff'
    .addColumn('decision', 'varchar(12)', (c) => c.notNull())
    .addColumn('pair_id', 'varchar(40)')
    .addColumn('confidence_milli', 'integer', (c) => c.notNull())
    // 'public' (widget, counted in analytics) | 'owner' (the bot page's test ask)
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('qa_questions_bot').on('qa_questions').columns(['bot_id', 'created_at']).execute();

  await db.schema
    .createTable('qa_suggestions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('bot_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('norm', 'varchar(500)', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    // 'open' | 'accepted' | 'dismissed'
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('last_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('qa_suggestions_norm', ['bot_id', 'norm'])
    .execute();

  await db.schema
    .createTable('qa_handoffs')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('bot_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('email', 'varchar(254)')
    // sha256 of the visitor's secret token (the widget keeps the token itself).
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    // 'open' (waiting for the owner) | 'replied'
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('qa_handoffs_bot').on('qa_handoffs').columns(['bot_id', 'updated_at']).execute();

  await db.schema
    .createTable('qa_handoff_messages')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('handoff_id', 'varchar(40)', (c) => c.notNull())
    // 'visitor' | 'owner'
    .addColumn('author', 'varchar(8)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('qa_handoff_messages_handoff').on('qa_handoff_messages').columns(['handoff_id', 'created_at']).execute();
}
