import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/**
 * The admin audit log: one row per change staff make (who, what, when, before and after),
 * written in the same transaction as the change itself.
 */
export async function up(db: AnyDb, { bigint }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    // users.id of the staff member; no foreign key, so the log outlives the account.
    .addColumn('actor_id', 'varchar(40)', (c) => c.notNull())
    // The actor's public user id as it was then, shown in the log.
    .addColumn('actor_name', 'varchar(128)', (c) => c.notNull())
    // What happened, e.g. 'bundle.update', 'order.refund', 'user.disable'.
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    // The kind of record and its id, e.g. 'bundle' + 'pro-month'.
    .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(128)', (c) => c.notNull())
    // JSON of the record before and after the change; null for a creation or a deletion.
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at']).execute();
  await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target_type', 'target_id', 'created_at']).execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'created_at']).execute();
}
