import type { DbOrTx } from '../db/index.js';

/**
 * Claims the free trial for a mailbox; false when it was already claimed. One INSERT that does
 * nothing on a conflict: two registrations racing for one mailbox get one trial between them (on
 * PostgreSQL the second waits for the first to commit), and neither registration fails.
 */
export async function claimTrial(db: DbOrTx, emailNormalized: string, userId: string, now: number): Promise<boolean> {
  const res = await db
    .insertInto('trial_claims')
    .values({ email_normalized: emailNormalized, user_id: userId, claimed_at: now })
    .onConflict((oc) => oc.column('email_normalized').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}
