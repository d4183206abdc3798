import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { AutomationCredentialsTable } from '../db/schema.js';

export type AutomationCredentialRow = Selectable<AutomationCredentialsTable>;

export async function allowHosts(db: DbOrTx, ownerId: string): Promise<string[]> {
  const rows = await db.selectFrom('automation_allow_hosts').select('host').where('owner_id', '=', ownerId).orderBy('host').execute();
  return rows.map((r) => r.host);
}

export async function replaceAllowHosts(db: DbOrTx, ownerId: string, hosts: readonly string[]): Promise<void> {
  await db.deleteFrom('automation_allow_hosts').where('owner_id', '=', ownerId).execute();
  if (hosts.length > 0) await db.insertInto('automation_allow_hosts').values(hosts.map((host) => ({ owner_id: ownerId, host }))).execute();
}

export function listCredentials(db: DbOrTx, ownerId: string): Promise<AutomationCredentialRow[]> {
  return db.selectFrom('automation_credentials').selectAll().where('owner_id', '=', ownerId).orderBy('name').execute();
}

/** Adds a credential or replaces the value of the one with that name. */
export async function upsertCredential(db: DbOrTx, row: Insertable<AutomationCredentialsTable>): Promise<void> {
  await db
    .insertInto('automation_credentials')
    .values(row)
    .onConflict((oc) => oc.columns(['owner_id', 'name']).doUpdateSet({ sealed: row.sealed, created_at: row.created_at }))
    .execute();
}

export function findCredentialByName(db: DbOrTx, ownerId: string, name: string): Promise<AutomationCredentialRow | undefined> {
  return db.selectFrom('automation_credentials').selectAll().where('owner_id', '=', ownerId).where('name', '=', name).executeTakeFirst();
}

export async function deleteCredential(db: DbOrTx, ownerId: string, id: string): Promise<boolean> {
  const res = await db.deleteFrom('automation_credentials').where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
