import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/**
 * What strangers may spend of a bot owner's quota (issue 27). Each bot gets a daily cap on charged
 * public answers (null: none; existing bots get the default, 100). One row per bot and UTC day
 * counts charged, capped and cached answers: the cap is enforced by a conditional increment of
 * that row, and the owner's analytics and spike alert read it. A visitor's recent answers are kept
 * for ten minutes, keyed by a hash of bot, visitor network and normalised question.
 */
export async function up(db: AnyDb, { bigint }: MigrationContext): Promise<void> {
  await db.schema.alterTable('qa_bots').addColumn('public_daily_cap', 'integer', (c) => c.defaultTo(100)).execute();

  await db.schema
    .createTable('qa_spend_days')
    .addColumn('bot_id', 'varchar(40)', (c) => c.notNull())
    // UTC day, YYYY-MM-DD.
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('charged', 'integer', (c) => c.notNull())
    .addColumn('capped', 'integer', (c) => c.notNull())
    .addColumn('cached', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('qa_spend_days_pk', ['bot_id', 'day'])
    .execute();

  await db.schema
    .createTable('qa_answer_cache')
    // sha256 hex of bot id, visitor network and normalised question.
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('bot_id', 'varchar(40)', (c) => c.notNull())
    // The bot's version the answer was decided on: an edit makes it stale at once.
    .addColumn('version', 'integer', (c) => c.notNull())
    // JSON of the QaAnswer sent.
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('qa_answer_cache_bot').on('qa_answer_cache').columns(['bot_id', 'expires_at']).execute();
}
