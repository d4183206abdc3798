import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { UsersTable } from '../db/schema.js';

export type UserRow = Selectable<UsersTable>;

export function findUserByLogin(db: DbOrTx, identifier: string) {
  const key = identifier.toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('user_id_lower', '=', key), eb('email_lower', '=', key)]))
    .executeTakeFirst();
}

export function findUserById(db: DbOrTx, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function userIdTaken(db: DbOrTx, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('user_id_lower', '=', userId.toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

export async function emailTaken(db: DbOrTx, email: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('users').select('id').where('email_lower', '=', email.toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertUser(db: DbOrTx, row: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function updateUser(db: DbOrTx, id: string, patch: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

/** The account whose address is `email` (case-insensitive; addresses are unique). */
export function findUserByEmail(db: DbOrTx, email: string) {
  return db.selectFrom('users').selectAll().where('email_lower', '=', email.toLowerCase()).executeTakeFirst();
}

/**
 * Disables (`at`) or enables (null) the account, only when it is in the other state, so that two
 * managers acting at once change it (and audit it) once. True when it changed.
 */
export async function setUserDisabled(db: DbOrTx, id: string, at: number | null, now: number): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({ disabled_at: at, updated_at: now })
    .where('id', '=', id)
    .where('disabled_at', at === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * The enabled managers' ids. With `lock` (PostgreSQL) their rows stay locked until the transaction
 * ends, so two managers disabling each other at once cannot leave none; SQLite runs one write
 * transaction at a time anyway (and has no FOR UPDATE).
 */
export async function enabledManagerIds(db: DbOrTx, lock: boolean): Promise<string[]> {
  const q = db.selectFrom('users').select('id').where('mgr', '=', 1).where('disabled_at', 'is', null).orderBy('id');
  const rows = await (lock ? q.forUpdate() : q).execute();
  return rows.map((r) => r.id);
}
