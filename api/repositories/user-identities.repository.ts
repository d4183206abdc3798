import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { UserIdentitiesTable } from '../db/schema.js';

export type UserIdentityRow = Selectable<UserIdentitiesTable>;

export function findIdentity(db: DbOrTx, provider: UserIdentityRow['provider'], subject: string): Promise<UserIdentityRow | undefined> {
  return db.selectFrom('user_identities').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
}

/** Links an identity to an account; false when that (provider, subject) was already linked (to anyone). */
export async function insertIdentity(db: DbOrTx, row: Insertable<UserIdentitiesTable>): Promise<boolean> {
  const res = await db
    .insertInto('user_identities')
    .values(row)
    .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}
