import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/**
 * One row per use of an AI (writing) tool that spent quota: an answered bot question, a
 * translated page, an AI image operation. Lets a failed use be refunded exactly once and lets
 * owners and staff count uses per tool.
 */
export async function up(db: AnyDb, { bigint }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('tool_uses')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    // writing_tools.id: 'qa-bot', 'reading-assistant', 'ai-image', 'automation'.
    .addColumn('tool_id', 'varchar(40)', (c) => c.notNull())
    // The user_quotas row that paid, and how many TYPE_API units it gave.
    .addColumn('quota_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('units', 'integer', (c) => c.notNull())
    // What the use was for, e.g. a bot id or a page hash (free text, for the owner's records).
    .addColumn('subject', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tool_uses_user_idx').on('tool_uses').columns(['user_id', 'tool_id', 'created_at']).execute();
}
