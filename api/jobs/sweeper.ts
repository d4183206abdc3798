import type { Db } from '../db/index.js';
import { expireDueOrders } from '../repositories/orders.repository.js';
import type { FileStore } from '../storage/file-store.js';

/**
 * Deletes the files of every conversion whose three hours are over and marks it purged. Safe to
 * run twice or concurrently (removal is idempotent, the mark is conditional) and catches up
 * after downtime, because it works from `expires_at`, not from timers set at upload.
 */
export async function sweepExpiredFiles(db: Db, store: FileStore, now: number, batch = 200): Promise<number> {
  let swept = 0;
  for (;;) {
    const due = await db
      .selectFrom('conversions')
      .select('id')
      .where('files_purged', '=', 0)
      .where('expires_at', '<=', now)
      .where('status', '!=', 1)
      .limit(batch)
      .execute();
    for (const { id } of due) {
      await store.removeConversion(id);
      await db.deleteFrom('conversion_files').where('conversion_id', '=', id).execute();
      await db.updateTable('conversions').set({ files_purged: 1 }).where('id', '=', id).execute();
    }
    swept += due.length;
    if (due.length < batch) return swept;
  }
}

/** Stores 'expired' on every paying order past its payable time (reads also do it lazily). */
export function expireOverdueOrders(db: Db, now: number): Promise<number> {
  return expireDueOrders(db, now);
}

/** Runs the sweeps (files, overdue orders) now and every `intervalMs`; returns a stop function. */
export function startSweeper(db: Db, store: FileStore, opts: { intervalMs: number; now: () => number; onError: (err: unknown) => void }): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    const t = opts.now();
    Promise.all([sweepExpiredFiles(db, store, t).catch(opts.onError), expireOverdueOrders(db, t).catch(opts.onError)])
      .finally(() => {
        running = false;
      });
  };
  tick();
  const timer = setInterval(tick, opts.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Conversions a crash left converting go back on the queue at start-up. */
export async function resumeInterruptedConversions(db: Db, enqueue: (id: string) => boolean): Promise<number> {
  const rows = await db.selectFrom('conversions').select('id').where('engine', '=', 'server').where('status', '=', 1).orderBy('created_at').execute();
  for (const r of rows) enqueue(r.id);
  return rows.length;
}
