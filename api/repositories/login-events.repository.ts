import type { Insertable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { LoginEventsTable } from '../db/schema.js';

export async function insertLoginEvent(db: DbOrTx, row: Insertable<LoginEventsTable>): Promise<void> {
  await db.insertInto('login_events').values(row).execute();
}

/** Creation times of failed attempts since `since`, oldest first, by identifier or by address. */
export async function failureTimes(db: DbOrTx, by: { identifier: string } | { ip: string }, since: number): Promise<number[]> {
  let q = db.selectFrom('login_events').select('created_at').where('success', '=', 0).where('created_at', '>', since);
  q = 'identifier' in by ? q.where('identifier', '=', by.identifier) : q.where('ip', '=', by.ip);
  const rows = await q.orderBy('created_at', 'asc').execute();
  return rows.map((r) => r.created_at);
}

/** Time of the last successful login for this identifier after `since`, if any. */
export async function lastSuccessTime(db: DbOrTx, identifier: string, since: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('login_events')
    .select('created_at')
    .where('identifier', '=', identifier)
    .where('success', '=', 1)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}
