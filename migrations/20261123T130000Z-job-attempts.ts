import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/**
 * How many times a server conversion was started. A job that a crash or a stop interrupts is
 * started again at the next start-up, but only up to JOB_MAX_ATTEMPTS: a document that kills the
 * process every time must not do so forever.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('conversions').addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
