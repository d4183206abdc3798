import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/**
 * Loose ends (issue 27): automation runs' screenshots are purged three hours after the run ended,
 * like conversion files; a run being replayed holds a lease its instance renews, so another
 * instance's start-up recovery can tell a live run from one a dead process left behind; and a
 * pg-boss job holds a lease while it runs, so a retry after its expiry never runs it twice.
 */
export async function up(db: AnyDb, { bigint }: MigrationContext): Promise<void> {
  // When the run's screenshots were deleted; null while they are kept.
  await db.schema.alterTable('automation_runs').addColumn('shots_purged_at', bigint).execute();
  // Until when the instance replaying the run answers for it (renewed while it runs or waits for a person).
  await db.schema.alterTable('automation_runs').addColumn('lease_until', bigint).execute();
  await db.schema.createIndex('automation_runs_finished').on('automation_runs').columns(['finished_at']).execute();

  await db.schema
    .createTable('job_leases')
    // The job's id (a conversion's id for conversion jobs).
    .addColumn('job_id', 'varchar(40)', (c) => c.primaryKey())
    // Which start of the job holds it.
    .addColumn('token', 'varchar(40)', (c) => c.notNull())
    .addColumn('until', bigint, (c) => c.notNull())
    .execute();
}
