import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { EmailVerificationsTable } from '../db/schema.js';

export type EmailVerificationRow = Selectable<EmailVerificationsTable>;

export async function insertEmailVerification(db: DbOrTx, row: Insertable<EmailVerificationsTable>): Promise<void> {
  await db.insertInto('email_verifications').values(row).execute();
}

export function findEmailVerification(db: DbOrTx, tokenHash: string): Promise<EmailVerificationRow | undefined> {
  return db.selectFrom('email_verifications').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Uses a link once; false when it already was (two clicks racing: one wins). */
export async function markEmailVerificationUsed(db: DbOrTx, tokenHash: string, now: number): Promise<boolean> {
  const res = await db.updateTable('email_verifications').set({ used_at: now }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
