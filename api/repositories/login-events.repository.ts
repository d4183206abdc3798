import type { Insertable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { LoginEventsTable } from '../db/schema.js';

/** Records an attempt and returns its id. */
export async function insertLoginEvent(db: DbOrTx, row: Insertable<LoginEventsTable>): Promise<number> {
  const { id } = await db.insertInto('login_events').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

/** Sets how a recorded attempt ended (see LoginEventsTable.success). */
export async function setLoginOutcome(db: DbOrTx, id: number, success: LoginEventsTable['success']): Promise<void> {
  await db.updateTable('login_events').set({ success }).where('id', '=', id).execute();
}

/**
 * Creation times of attempts that count against the throttle since `since`, oldest first, by
 * identifier or by address: failures, and attempts still being checked (so that parallel attempts
 * count each other). `exceptId` leaves out the asking attempt itself.
 */
export async function failureTimes(db: DbOrTx, by: { identifier: string } | { ip: string }, since: number, exceptId?: number): Promise<number[]> {
  let q = db.selectFrom('login_events').select('created_at').where('success', 'in', [0, 2]).where('created_at', '>', since);
  q = 'identifier' in by ? q.where('identifier', '=', by.identifier) : q.where('ip', '=', by.ip);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
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
