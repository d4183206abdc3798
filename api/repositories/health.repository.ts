import { sql } from 'kysely';
import type { DbHandle, DbOrTx } from '../db/index.js';
import { pendingMigrations } from '../db/migrate.js';

/** One round trip to the database. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await sql`select 1`.execute(db);
}

/** This code's migrations that the database has not applied (kysely's own record of them). */
export function missingMigrations(handle: DbHandle): Promise<string[]> {
  return pendingMigrations(handle);
}
