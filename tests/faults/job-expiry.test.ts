import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../api/db/index.js';
import type { ConversionRun, RunOutcome } from '../../api/jobs/conversion-runner.js';
import { JobBusyError, withJobLease } from '../../api/jobs/job-lease.js';
import { CONVERSION_QUEUE, createConversionQueues, createPgBossQueue } from '../../api/jobs/pg-boss-queue.js';
import { startPgBoss, stopPgBoss } from '../../api/jobs/pg-boss.js';
import { openTestDb } from '../helpers/test-app.js';

const baseUrl = process.env.TEST_DATABASE_URL;
const EXPIRE_S = 1;

async function until(what: string, ms: number, probe: () => boolean | Promise<boolean>): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Issue 27, deliver 8: a conversion job that runs past its pg-boss expiry is taken for lost and
 * started again by pg-boss; that second start must not run it while the first still does.
 */
describe.skipIf(!baseUrl)('a pg-boss job that outlives its expiry (PostgreSQL)', () => {
  let handle: DbHandle;
  let boss: PgBoss;

  beforeAll(async () => {
    handle = await openTestDb('postgres');
    boss = await startPgBoss({ databaseUrl: baseUrl!, pgSchema: handle.pgSchema, expireSeconds: EXPIRE_S, logger: pino({ level: 'silent' }) });
    await createConversionQueues(boss, { maxAttempts: 3, expireSeconds: EXPIRE_S });
  }, 30_000);
  afterAll(async () => {
    await stopPgBoss(boss);
    await handle.close();
  }, 30_000);

  it('never runs twice: the start pg-boss makes after the expiry waits for the first to end', async () => {
    const stats = { starts: 0, active: 0, maxActive: 0, refused: 0, done: false };
    // A conversion that ends once: a start after it ended finds nothing to do, like the real one (beginAttempt).
    const convert = async (): Promise<RunOutcome> => {
      if (stats.done) return 'skipped';
      stats.starts += 1;
      stats.active += 1;
      stats.maxActive = Math.max(stats.maxActive, stats.active);
      try {
        // Runs past its expiry until pg-boss has started it again (refused, or run a second time).
        await until('a second start', 45_000, () => stats.refused > 0 || stats.starts > 1);
      } finally {
        stats.active -= 1;
        stats.done = true;
      }
      return 'ran';
    };
    const run: ConversionRun = Object.assign(convert, {
      giveUp: async () => undefined,
      leased: (id: string) =>
        withJobLease(handle.db, id, Date.now, convert).catch((err: unknown) => {
          if (err instanceof JobBusyError) stats.refused += 1;
          throw err;
        }),
    });
    const queue = createPgBossQueue(boss, { run, concurrency: 2, capacity: 10, work: true, logger: pino({ level: 'silent' }) });
    const id = randomUUID();
    expect(await queue.enqueue(id)).toBe(true);

    await until('the job completed', 80_000, async () => (await boss.getJobById(CONVERSION_QUEUE, id))?.state === 'completed');
    queue.stop();
    await queue.idle();

    expect(stats.starts).toBe(1);
    expect(stats.maxActive).toBe(1);
    expect(stats.refused).toBeGreaterThan(0);
  }, 100_000);
});
