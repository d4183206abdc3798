import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { OidcFlowsTable, OidcPendingLinksTable } from '../db/schema.js';

export type OidcFlowRow = Selectable<OidcFlowsTable>;
export type OidcPendingLinkRow = Selectable<OidcPendingLinksTable>;

/** Records a sign-in sent to the provider, first dropping the ones that expired (abandoned at the provider). */
export async function insertFlow(db: DbOrTx, row: Insertable<OidcFlowsTable>): Promise<void> {
  await db.deleteFrom('oidc_flows').where('expires_at', '<', row.created_at).execute();
  await db.insertInto('oidc_flows').values(row).execute();
}

export function findFlow(db: DbOrTx, stateHash: string): Promise<OidcFlowRow | undefined> {
  return db.selectFrom('oidc_flows').selectAll().where('state_hash', '=', stateHash).executeTakeFirst();
}

/** Uses a flow up; false when it already was (the same callback twice: one wins). */
export async function deleteFlow(db: DbOrTx, stateHash: string): Promise<boolean> {
  const res = await db.deleteFrom('oidc_flows').where('state_hash', '=', stateHash).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** Records an identity waiting for a password, first dropping the ones that expired. */
export async function insertPendingLink(db: DbOrTx, row: Insertable<OidcPendingLinksTable>): Promise<void> {
  await db.deleteFrom('oidc_pending_links').where('expires_at', '<', row.created_at).execute();
  await db.insertInto('oidc_pending_links').values(row).execute();
}

export function findPendingLink(db: DbOrTx, tokenHash: string, now: number): Promise<OidcPendingLinkRow | undefined> {
  return db.selectFrom('oidc_pending_links').selectAll().where('token_hash', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst();
}

/** Uses a pending link up; false when it already was. */
export async function deletePendingLink(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const res = await db.deleteFrom('oidc_pending_links').where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
