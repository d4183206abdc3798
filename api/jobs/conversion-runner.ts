import pino, { type Logger } from 'pino';
import type { Db } from '../db/index.js';
import { beginAttempt, releaseAttempt } from './job-attempts.js';
import { withJobLease } from './job-lease.js';
import type { JobEnd } from './job-metrics.js';
import type { JobContext } from './job-queue.js';
import { runServerConversion, type RunDeps } from './run-server-conversion.js';

/**
 * How one start of a server conversion ended, for the queue that started it: `ran` to its end
 * (converted, or failed and refunded), `skipped` (nothing to do: already ended, or failed past its
 * attempts), `interrupted` by a graceful stop and still converting, to be started again.
 */
export type RunOutcome = 'ran' | 'skipped' | 'interrupted';

/** Runs queued server conversions by id; shared by the in-process queue and pg-boss workers. */
export interface ConversionRun {
  (id: string, context?: JobContext): Promise<RunOutcome>;
  /**
   * Ends a conversion that its queue gave up on (pg-boss's dead letter: every retry failed) as
   * failed and refunded once, through the same path as a document that failed too many starts.
   * Does nothing to a conversion that already ended.
   */
  giveUp(id: string, context?: JobContext): Promise<void>;
  /**
   * The same run holding the job's lease (api/jobs/job-lease.ts), for queues that may start a job
   * again while it still runs (pg-boss after a job's expiry): that start throws JobBusyError.
   */
  leased(id: string, context?: JobContext): Promise<RunOutcome>;
}

const silent = pino({ level: 'silent' });

/** The log of one job: every line names its conversion and the request that queued it. */
function jobLog(logger: Logger | undefined, id: string, context: JobContext): Logger {
  return (logger ?? silent).child({ ...(context.reqId ? { reqId: context.reqId } : {}), conversionId: id });
}

/**
 * Wraps runServerConversion in the attempts rule (api/jobs/job-attempts.ts): every start is
 * counted, a document that keeps bringing its worker down is failed and refunded, and a start
 * that a graceful stop cut short is not counted. Logs each job's start and end.
 */
export function createConversionRun(deps: RunDeps, maxAttempts: number): ConversionRun {
  const stopping = () => deps.isStopping?.() === true;
  const ended = (log: Logger, end: JobEnd, ms: number | undefined) => {
    deps.metrics?.jobEnded(end);
    if (end.status === 'succeeded') log.info({ ms }, 'conversion job finished');
    else log.warn({ ms, reason: end.reason, engine: end.engine, refunded: end.refunded }, 'conversion job failed');
  };
  const run = async (id: string, context: JobContext = {}): Promise<RunOutcome> => {
    const log = jobLog(deps.logger, id, context);
    const attempt = await beginAttempt(deps.db, id, maxAttempts, deps.now());
    if (attempt === 'failed') ended(log, { status: 'failed', engine: null, reason: 'failedRepeatedly', refunded: true }, undefined);
    if (attempt !== 'start') return 'skipped';
    log.info('conversion job started');
    const started = performance.now();
    let end: JobEnd | null = null;
    try {
      end = await runServerConversion(deps, id, log);
    } finally {
      if (stopping()) await releaseAttempt(deps.db, id);
    }
    if (stopping()) {
      log.info('conversion job interrupted by a graceful stop: left converting for the next start');
      return 'interrupted';
    }
    if (end) ended(log, end, Math.round(performance.now() - started));
    return 'ran';
  };
  const giveUp = async (id: string, context: JobContext = {}) => {
    // With an attempt limit of 0, beginAttempt finds the limit reached and fails and refunds it.
    if ((await giveUpConversion(deps.db, id, deps.now())) === 'failed') {
      ended(jobLog(deps.logger, id, context), { status: 'failed', engine: null, reason: 'failedRepeatedly', refunded: true }, undefined);
    }
  };
  const leased = (id: string, context: JobContext = {}) =>
    withJobLease(deps.db, id, deps.now, () => run(id, context), (err) => deps.logger?.warn({ err, conversionId: id }, 'job lease not renewed'));
  return Object.assign(run, { giveUp, leased });
}

/** Fails and refunds a converting conversion through the attempts rule (an attempt limit of 0). */
export function giveUpConversion(db: Db, id: string, now: number) {
  return beginAttempt(db, id, 0, now);
}
