import { sql } from 'kysely';
import type { DbOrTx } from '../db/index.js';

/** One round trip to the database. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await sql`select 1`.execute(db);
}
