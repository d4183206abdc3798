import type { DbOrTx } from '../db/index.js';

/** Takes the lease of a job when it is free (none, run out, or already this token's): true when taken. */
export async function takeJobLease(db: DbOrTx, jobId: string, token: string, until: number, now: number): Promise<boolean> {
  const res = await db
    .insertInto('job_leases')
    .values({ job_id: jobId, token, until })
    .onConflict((oc) =>
      oc
        .column('job_id')
        .doUpdateSet({ token, until })
        .where((eb) => eb.or([eb('job_leases.until', '<', now), eb('job_leases.token', '=', token)])),
    )
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function renewJobLease(db: DbOrTx, jobId: string, token: string, until: number): Promise<void> {
  await db.updateTable('job_leases').set({ until }).where('job_id', '=', jobId).where('token', '=', token).execute();
}

export async function releaseJobLease(db: DbOrTx, jobId: string, token: string): Promise<void> {
  await db.deleteFrom('job_leases').where('job_id', '=', jobId).where('token', '=', token).execute();
}
