import type { Db } from '../db/index.js';
import { convertingServerConversions, dueForPurge, forgetToolSecrets, keptConversionIds, markFilesPurged } from '../repositories/conversions.repository.js';
import { expireDueOrders } from '../repositories/orders.repository.js';
import { deleteExpiredSessions } from '../repositories/sessions.repository.js';
import type { FileStore } from '../storage/file-store.js';
import { isProductImageGroup } from '../storage/product-images.js';

/**
 * Deletes the files (and a PDF tool's sealed passwords) of every conversion whose three hours are over and marks it purged. Safe to
 * run twice or concurrently (removal is idempotent, the mark is conditional) and catches up
 * after downtime, because it works from `expires_at`, not from timers set at upload.
 */
export async function sweepExpiredFiles(db: Db, store: FileStore, now: number, batch = 200): Promise<number> {
  let swept = 0;
  for (;;) {
    const due = await dueForPurge(db, now, batch);
    for (const id of due) {
      await store.delete(id);
      // An upload of a PDF tool never sent to its job still holds its sealed passwords: gone with its files.
      await forgetToolSecrets(db, id);
      await markFilesPurged(db, id);
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
 * an hour whose conversion is unknown or already purged go. Product images (`pimg-…` groups,
 * api/storage/product-images.ts) are no conversion's and are kept.
 */
export async function sweepOrphanFiles(db: Db, store: FileStore, now: number): Promise<number> {
  const stale = (await store.list(now - ORPHAN_MIN_AGE_MS)).filter((id) => !isProductImageGroup(id));
  let removed = 0;
  for (let i = 0; i < stale.length; i += 200) {
    const chunk = stale.slice(i, i + 200);
    const kept = await keptConversionIds(db, chunk);
    for (const id of chunk) {
      if (kept.has(id)) continue;
      await store.delete(id);
      removed += 1;
    }
  }
  return removed;
}

/** Stores 'expired' on every paying order past its payable time (reads also do it lazily). */
export function expireOverdueOrders(db: Db, now: number): Promise<number> {
  return expireDueOrders(db, now);
}

/** More periodic work from the composed app (e.g. membership renewals), by name; each must be idempotent. */
export type ExtraSweeps = Record<string, (now: number) => Promise<unknown>>;

/** Runs the sweeps (files, overdue orders, expired sessions, and `extra`) now and every `intervalMs`; returns a stop function. */
export function startSweeper(db: Db, store: FileStore, opts: { intervalMs: number; now: () => number; onError: (err: unknown) => void; extra?: ExtraSweeps }): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    const t = opts.now();
    // Every sweep catches its own errors (onError), so the tick itself never rejects.
    void Promise.all([
      sweepExpiredFiles(db, store, t)
        .then(() => sweepOrphanFiles(db, store, t))
        .catch(opts.onError),
      expireOverdueOrders(db, t).catch(opts.onError),
      deleteExpiredSessions(db, t).catch(opts.onError),
      ...Object.values(opts.extra ?? {}).map((sweep) => sweep(t).catch(opts.onError)),
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
export async function resumeInterruptedConversions(db: Db, enqueue: (id: string) => Promise<boolean>): Promise<number> {
  const ids = await convertingServerConversions(db);
  for (const id of ids) await enqueue(id);
  return ids.length;
}
