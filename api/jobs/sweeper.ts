import type { Db } from '../db/index.js';
import { expireDueOrders } from '../repositories/orders.repository.js';
import { deleteExpiredSessions } from '../repositories/sessions.repository.js';
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

/** Folders younger than this may belong to an upload still being written. */
const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * Removes files that no conversion owns: what a process killed in the middle of an upload (or
 * of its clean-up) left behind. Uploads in progress are never touched: only folders older than
 * an hour whose conversion is unknown or already purged go.
 */
export async function sweepOrphanFiles(db: Db, store: FileStore, now: number): Promise<number> {
  const folders = (await store.listConversions()).filter((f) => f.modifiedAt < now - ORPHAN_MIN_AGE_MS);
  let removed = 0;
  for (let i = 0; i < folders.length; i += 200) {
    const chunk = folders.slice(i, i + 200);
    const owned = new Set(
      (await db.selectFrom('conversions').select('id').where('id', 'in', chunk.map((f) => f.conversionId)).where('files_purged', '=', 0).execute()).map((r) => r.id),
    );
    for (const f of chunk) {
      if (owned.has(f.conversionId)) continue;
      await store.removeConversion(f.conversionId);
      removed += 1;
    }
  }
  return removed;
}

/** Stores 'expired' on every paying order past its payable time (reads also do it lazily). */
export function expireOverdueOrders(db: Db, now: number): Promise<number> {
  return expireDueOrders(db, now);
}

/** Runs the sweeps (files, overdue orders, expired sessions) now and every `intervalMs`; returns a stop function. */
export function startSweeper(db: Db, store: FileStore, opts: { intervalMs: number; now: () => number; onError: (err: unknown) => void }): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    const t = opts.now();
    Promise.all([
      sweepExpiredFiles(db, store, t)
        .then(() => sweepOrphanFiles(db, store, t))
        .catch(opts.onError),
      expireOverdueOrders(db, t).catch(opts.onError),
      deleteExpiredSessions(db, t).catch(opts.onError),
    ])
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
