import type { Db } from '../db/index.js';
import { beginAttempt, releaseAttempt } from './job-attempts.js';
import { runServerConversion, type RunDeps } from './run-server-conversion.js';

/**
 * How one start of a server conversion ended, for the queue that started it: `ran` to its end
 * (converted, or failed and refunded), `skipped` (nothing to do: already ended, or failed past its
 * attempts), `interrupted` by a graceful stop and still converting, to be started again.
 */
export type RunOutcome = 'ran' | 'skipped' | 'interrupted';

/** Runs one queued server conversion by id; shared by the in-process queue and pg-boss workers. */
export type ConversionRun = (id: string) => Promise<RunOutcome>;

/**
 * Wraps runServerConversion in the attempts rule (api/jobs/job-attempts.ts): every start is
 * counted, a document that keeps bringing its worker down is failed and refunded, and a start
 * that a graceful stop cut short is not counted.
 */
export function createConversionRun(deps: RunDeps, maxAttempts: number): ConversionRun {
  const stopping = () => deps.isStopping?.() === true;
  return async (id) => {
    if (!(await beginAttempt(deps.db, id, maxAttempts, deps.now()))) return 'skipped';
    try {
      await runServerConversion(deps, id);
    } finally {
      if (stopping()) await releaseAttempt(deps.db, id);
    }
    return stopping() ? 'interrupted' : 'ran';
  };
}

/**
 * Ends a conversion that its queue gave up on (pg-boss's dead letter: every retry failed) as
 * failed and refunded once, through the same path as a document that failed too many starts:
 * with an attempt limit of 0, beginAttempt finds the limit reached and does exactly that. Does
 * nothing to a conversion that already ended.
 */
export async function giveUpConversion(db: Db, id: string, now: number): Promise<void> {
  await beginAttempt(db, id, 0, now);
}
