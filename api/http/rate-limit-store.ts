import { createRequire } from 'node:module';
import { RateLimiterRes, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import type { Db } from '../db/index.js';
import { addPoints, deleteExpired, deletePoints, getPoints, type Counter } from '../repositories/rate-limits.repository.js';

// The library declares RateLimiterStoreAbstract in its types but does not export it at run time
// (index.js lists only the concrete stores), so the base class is loaded from its own file.
const StoreAbstract = createRequire(import.meta.url)('rate-limiter-flexible/lib/RateLimiterStoreAbstract.js') as typeof RateLimiterStoreAbstract;

/** Expired counters are deleted after this many writes by one process (cheap, no timer to stop). */
const CLEANUP_EVERY = 500;
const HOUR_MS = 3600_000;

/**
 * A rate-limiter-flexible store on the app's own kysely database, SQLite or PostgreSQL.
 *
 * Why not the library's RateLimiterSQLite / RateLimiterPostgres: kysely holds SQLite's single
 * better-sqlite3 connection behind a mutex and keeps transactions open across awaits, so a store
 * writing to that connection directly would join (and be rolled back with) whatever transaction
 * another request has open. Going through kysely keeps every write in its own statement on both
 * dialects, uses the same pool (and test schema) as the rest of the app, and lets the table come
 * from our migrations. The SQL is the library's own shape: one atomic upsert per consume.
 */
export class KyselyRateLimiterStore extends StoreAbstract {
  private writes = 0;

  constructor(
    private readonly db: Db,
    opts: { keyPrefix: string; points: number; duration: number },
  ) {
    super({ ...opts, storeClient: db });
  }

  /** Called by the library for consume/penalty/reward (force=false) and block/set (force=true). */
  async _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<Counter> {
    const now = Date.now();
    const counter = await addPoints(this.db, rlKey, points, msDuration > 0 ? now + msDuration : null, now, forceExpire);
    if (++this.writes % CLEANUP_EVERY === 0) await deleteExpired(this.db, now - HOUR_MS);
    return counter;
  }

  async _get(rlKey: string): Promise<Counter | null> {
    return (await getPoints(this.db, rlKey, Date.now())) ?? null;
  }

  _delete(rlKey: string): Promise<boolean> {
    return deletePoints(this.db, rlKey);
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, result: Counter): RateLimiterRes {
    const isFirstInDuration = changedPoints === result.points;
    const consumed = isFirstInDuration ? changedPoints : result.points;
    const msBeforeNext = result.expire === null ? -1 : Math.max(result.expire - Date.now(), 0);
    return new RateLimiterRes(Math.max(this.points - consumed, 0), msBeforeNext, consumed, isFirstInDuration);
  }
}
