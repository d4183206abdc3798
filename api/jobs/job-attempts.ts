import type { Db } from '../db/index.js';
import { countAttempt, uncountAttempt } from '../repositories/conversions.repository.js';

/**
 * Counts one more start of a server conversion. A job found converting at start-up was
 * interrupted (a crash, a stop past its grace); a document that brings the process down every
 * time must not be retried forever, so past `maxAttempts` starts it is failed and refunded.
 * Resolves `start` when the job should run, `failed` when it was just failed and refunded, `skip`
 * when it had already ended.
 */
export function beginAttempt(db: Db, id: string, maxAttempts: number, now: number): Promise<'start' | 'failed' | 'skip'> {
  return countAttempt(db, id, maxAttempts, now);
}

/** A start that a graceful stop cut short does not count against the job. */
export async function releaseAttempt(db: Db, id: string): Promise<void> {
  await uncountAttempt(db, id);
}
