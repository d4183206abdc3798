import type PgBoss from 'pg-boss';
import type { Db } from '../db/index.js';
import { deleteExpiredSessions } from '../repositories/sessions.repository.js';
import type { FileStore } from '../storage/file-store.js';
import { expireOverdueOrders, sweepExpiredFiles, sweepOrphanFiles, type ExtraSweeps } from './sweeper.js';

/** The same period as the in-process sweeper of a single SQLite process (api/main.ts). */
const EVERY_FIVE_MINUTES = '*/5 * * * *';
/** A sweep that takes longer than this is taken for lost (its process died) and the next slot's runs. */
const SWEEP_EXPIRE_S = 15 * 60;

/**
 * On PostgreSQL the sweeps (the three-hour file sweeper and orphan files, overdue orders, expired
 * sessions) are pg-boss jobs: the schedule adds one job per slot whichever instances are up, and
 * whichever instance fetches it first runs it, so each runs once across all instances. Every
 * sweep is idempotent, so a rare second run (the start-up job meeting a scheduled one) is harmless.
 * Returns a stop function for shutdown.
 */
export async function scheduleSweeps(boss: PgBoss, db: Db, store: FileStore, opts: { now: () => number; onError: (err: unknown) => void; extra?: ExtraSweeps }): Promise<() => void> {
  const sweeps: Record<string, (t: number) => Promise<unknown>> = {
    'sweep-files': async (t) => {
      await sweepExpiredFiles(db, store, t);
      await sweepOrphanFiles(db, store, t);
    },
    'expire-orders': (t) => expireOverdueOrders(db, t),
    'purge-sessions': (t) => deleteExpiredSessions(db, t),
    // Only processes that pass them (the API, which holds the payment provider) work these queues.
    ...opts.extra,
  };
  const workerIds: string[] = [];
  for (const [name, sweep] of Object.entries(sweeps)) {
    // 'stately': one waiting and one running at most, so a slow sweep never overlaps itself.
    const queue: PgBoss.Queue = { name, policy: 'stately', retryLimit: 0, expireInSeconds: SWEEP_EXPIRE_S };
    await boss.createQueue(name, queue);
    await boss.updateQueue(name, queue);
    await boss.schedule(name, EVERY_FIVE_MINUTES);
    // Also once at start (at most one per five-minute slot across instances), like the in-process sweeper.
    await boss.send(name, {}, { singletonSeconds: 300 });
    workerIds.push(
      await boss.work(name, { pollingIntervalSeconds: 10 }, async () => {
        try {
          await sweep(opts.now());
        } catch (err) {
          opts.onError(err);
          throw err;
        }
      }),
    );
  }
  return () => {
    for (const id of workerIds) boss.offWork({ id }).catch(opts.onError);
  };
}
