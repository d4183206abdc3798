import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.js';
import type { ConversionRun } from './conversion-runner.js';
import { JobBusyError } from './job-lease.js';
import type { JobContext, JobQueue } from './job-queue.js';

/** Server conversions, one job per conversion. */
export const CONVERSION_QUEUE = 'server-conversion';
/** Where pg-boss moves a conversion job whose retries are spent: it is then ended failed and refunded. */
export const CONVERSION_DEAD_LETTER = 'server-conversion-dead';

interface ConversionJob {
  conversionId: string;
  /** The request that queued it, so the job's log lines on any worker carry its request id. */
  reqId?: string;
}

const contextOf = (job: ConversionJob): JobContext => (job.reqId ? { reqId: job.reqId } : {});

/** First retry after 5 to 10 s, then doubling (pg-boss's backoff, with jitter). */
const RETRY_DELAY_S = 5;
/**
 * pg-boss retries on top of the conversion's own attempts (JOB_MAX_ATTEMPTS, counted in its row):
 * those end a document that keeps killing its worker; these cover what is no fault of the
 * document (the database away for a moment, a worker stopped gracefully mid-job).
 */
const EXTRA_RETRIES = 5;
/** How often an idle worker asks for work; jobs queued by this same process are taken at once. */
const POLL_S = 1;

/** Creates the queues (or applies this start's settings to them); every instance does it at start. */
export async function createConversionQueues(boss: PgBoss, opts: { maxAttempts: number; expireSeconds: number }): Promise<void> {
  const dead: PgBoss.Queue = { name: CONVERSION_DEAD_LETTER, policy: 'standard', retryLimit: 10, retryDelay: RETRY_DELAY_S, retryBackoff: true };
  const main: PgBoss.Queue = {
    name: CONVERSION_QUEUE,
    // One active job per conversion (the job's singleton key), so no document is converted twice at once.
    policy: 'singleton',
    retryLimit: opts.maxAttempts + EXTRA_RETRIES,
    retryDelay: RETRY_DELAY_S,
    retryBackoff: true,
    expireInSeconds: opts.expireSeconds,
    deadLetter: CONVERSION_DEAD_LETTER,
  };
  for (const q of [dead, main]) {
    await boss.createQueue(q.name, q);
    await boss.updateQueue(q.name, q);
  }
}

export interface PgBossQueueOptions {
  /** Runs a job, and ends one out of retries (its giveUp). */
  run: ConversionRun;
  /** Jobs this process runs at once (its LibreOffice slots). */
  concurrency: number;
  /** Jobs allowed to wait across all instances; past it new conversions answer 50301. */
  capacity: number;
  /** False: this process only queues (an API process with JOB_WORKER=off); worker processes run the jobs. */
  work: boolean;
  logger: Logger;
}

/**
 * The JobQueue over pg-boss: jobs wait in PostgreSQL, any instance that works them takes the next
 * one, a job whose worker died is retried elsewhere after its expiry, and one whose retries are
 * spent goes to the dead letter, which ends the conversion failed and refunded.
 */
export function createPgBossQueue(boss: PgBoss, opts: PgBossQueueOptions): JobQueue {
  let running = 0;
  let stopped = false;
  let idleWaiters: (() => void)[] = [];
  const workerIds: string[] = [];

  const runJob = async (job: PgBoss.Job<ConversionJob>) => {
    running += 1;
    try {
      // pg-boss takes a job that outlives its expiry for lost and starts it again: the lease makes that start wait for this one.
      const outcome = await opts.run.leased(job.data.conversionId, contextOf(job.data));
      // Handed back now rather than at its expiry: pg-boss starts it again after its backoff, here or elsewhere.
      if (outcome === 'interrupted') await boss.fail(CONVERSION_QUEUE, job.id, { message: 'interrupted by a graceful stop' });
    } catch (err) {
      if (err instanceof JobBusyError) {
        opts.logger.info({ ...contextOf(job.data), conversionId: job.data.conversionId }, 'conversion job still runs elsewhere; pg-boss tries again later');
        throw err;
      }
      opts.logger.error({ err, ...contextOf(job.data), conversionId: job.data.conversionId }, 'conversion job failed; pg-boss retries it');
      throw err;
    } finally {
      running -= 1;
      if (running === 0) {
        for (const w of idleWaiters) w();
        idleWaiters = [];
      }
    }
  };

  const startWorker = async () => {
    let id = '';
    id = await boss.work<ConversionJob>(CONVERSION_QUEUE, { pollingIntervalSeconds: POLL_S, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) await runJob(job);
      // Ask for the next job now instead of after the polling interval.
      boss.notifyWorker(id);
    });
    workerIds.push(id);
  };

  if (opts.work) {
    // work() only registers a polling loop (no I/O before it resolves), so the queue is usable at once.
    const workers = Array.from({ length: opts.concurrency }, startWorker);
    workers.push(
      boss
        .work<ConversionJob>(CONVERSION_DEAD_LETTER, { pollingIntervalSeconds: 5 }, async (jobs) => {
          for (const job of jobs) {
            opts.logger.warn({ ...contextOf(job.data), conversionId: job.data.conversionId }, 'conversion job out of retries: failed and refunded');
            await opts.run.giveUp(job.data.conversionId, contextOf(job.data));
          }
        })
        .then(() => undefined),
    );
    Promise.all(workers).catch((err: unknown) => opts.logger.error({ err }, 'could not start the conversion workers'));
  }

  return {
    async enqueue(id, context = {}) {
      if (stopped) return false;
      try {
        // The conversion's id (a UUID) is the job's id as well: queuing it again while its job
        // exists (resumed at a start, say) inserts nothing.
        await boss.send(CONVERSION_QUEUE, { conversionId: id, ...context } satisfies ConversionJob, { id, singletonKey: id });
      } catch (err) {
        opts.logger.error({ err, ...context, conversionId: id }, 'could not queue the conversion');
        return false;
      }
      for (const w of workerIds) boss.notifyWorker(w);
      return true;
    },
    async isFull() {
      if (stopped) return true;
      return (await boss.getQueueSize(CONVERSION_QUEUE)) >= opts.capacity;
    },
    // Jobs waiting in PostgreSQL for any worker (created or due for a retry).
    backlog: () => boss.getQueueSize(CONVERSION_QUEUE),
    idle: () => (running === 0 ? Promise.resolve() : new Promise((r) => idleWaiters.push(r))),
    stats: () => ({ running, waiting: 0 }),
    stop() {
      stopped = true;
      // Fetches no more; what waits stays in PostgreSQL for the other workers.
      boss.offWork(CONVERSION_QUEUE).catch((err: unknown) => opts.logger.warn({ err }, 'stopping the conversion workers failed'));
      return [];
    },
  };
}

/**
 * Creates the conversion queues, then returns what createApp takes to make its JobQueue (an API
 * process that works jobs runs as many at once as it has LibreOffice slots).
 */
export async function pgBossQueueFactory(
  boss: PgBoss,
  o: { config: Pick<AppConfig, 'jobMaxAttempts' | 'jobExpireSeconds' | 'queueCapacity'>; work: boolean; logger: Logger },
): Promise<(run: ConversionRun, concurrency: number) => JobQueue> {
  await createConversionQueues(boss, { maxAttempts: o.config.jobMaxAttempts, expireSeconds: o.config.jobExpireSeconds });
  return (run, concurrency) => createPgBossQueue(boss, { run, concurrency, capacity: o.config.queueCapacity, work: o.work, logger: o.logger });
}
