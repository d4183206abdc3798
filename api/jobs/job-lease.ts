import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.js';
import { releaseJobLease, renewJobLease, takeJobLease } from '../repositories/job-leases.repository.js';

/**
 * How long a job's lease lasts without a renewal (renewed every third of it while the job runs).
 * A job whose process died is free again this long after its last renewal.
 */
export const JOB_LEASE_MS = 15_000;

/** Another start of the same job still runs (pg-boss retried it after its expiry): try again later. */
export class JobBusyError extends Error {
  constructor(readonly jobId: string) {
    super(`job ${jobId} still runs elsewhere`);
    this.name = 'JobBusyError';
  }
}

/**
 * Runs `fn` while holding the job's lease in the database, so a job never runs twice at once: a
 * job that outlives its pg-boss expiry is retried by pg-boss, and that second start finds the
 * lease held and throws JobBusyError (pg-boss retries it after its backoff, by which time the
 * first start has ended the job, or died and let its lease run out).
 */
export async function withJobLease<T>(db: Db, jobId: string, now: () => number, fn: () => Promise<T>, onRenewError: (err: unknown) => void = () => undefined): Promise<T> {
  const token = randomUUID();
  if (!(await takeJobLease(db, jobId, token, now() + JOB_LEASE_MS, now()))) throw new JobBusyError(jobId);
  const renew = setInterval(() => void renewJobLease(db, jobId, token, now() + JOB_LEASE_MS).catch(onRenewError), JOB_LEASE_MS / 3);
  renew.unref();
  try {
    return await fn();
  } finally {
    clearInterval(renew);
    await releaseJobLease(db, jobId, token).catch(onRenewError);
  }
}
