import type { Insertable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { SessionsTable } from '../db/schema.js';

export async function insertSession(db: DbOrTx, row: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** The live session's user, or undefined when the token is unknown or expired, or the account disabled. */
export function findSessionUser(db: DbOrTx, tokenHash: string, now: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.expires_at as session_expires_at')
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    // Disabling deletes the sessions too; this also covers a sign-in that raced with it.
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
}

export async function deleteSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteOtherSessions(db: DbOrTx, userId: string, keepHash: string): Promise<number> {
  const res = await db.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '!=', keepHash).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Ends every session of the account (it was disabled); returns how many there were. */
export async function deleteUserSessions(db: DbOrTx, userId: string): Promise<number> {
  const res = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function deleteExpiredSessions(db: DbOrTx, now: number): Promise<number> {
  const res = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(res.numDeletedRows);
}
