import { sql } from 'kysely';
import type { DbOrTx } from '../db/index.js';

export interface Counter {
  points: number;
  /** Epoch ms when the window ends; null for never. */
  expire: number | null;
}

/**
 * Adds `points` to a key's counter in one statement (an upsert), so every instance and every
 * concurrent request sees one count: a live window is added to, an ended one starts again.
 * `force` replaces the counter and its expiry (the library's block/set).
 */
export async function addPoints(db: DbOrTx, key: string, points: number, expire: number | null, now: number, force: boolean): Promise<Counter> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, points, expire })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet(
        force
          ? { points: sql<number>`excluded.points`, expire: sql<number | null>`excluded.expire` }
          : {
              points: sql<number>`CASE WHEN rate_limits.expire IS NULL OR rate_limits.expire > ${now} THEN rate_limits.points + excluded.points ELSE excluded.points END`,
              expire: sql<number | null>`CASE WHEN rate_limits.expire IS NULL OR rate_limits.expire > ${now} THEN rate_limits.expire ELSE excluded.expire END`,
            },
      ),
    )
    .returning(['points', 'expire'])
    .executeTakeFirstOrThrow();
  return { points: Number(row.points), expire: row.expire === null ? null : Number(row.expire) };
}

/** The live counter of a key, or undefined. */
export async function getPoints(db: DbOrTx, key: string, now: number): Promise<Counter | undefined> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['points', 'expire'])
    .where('key', '=', key)
    .where((eb) => eb.or([eb('expire', '>', now), eb('expire', 'is', null)]))
    .executeTakeFirst();
  return row && { points: Number(row.points), expire: row.expire === null ? null : Number(row.expire) };
}

export async function deletePoints(db: DbOrTx, key: string): Promise<boolean> {
  const res = await db.deleteFrom('rate_limits').where('key', '=', key).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Removes counters whose window ended before `before`. */
export async function deleteExpired(db: DbOrTx, before: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('expire', '<', before).execute();
}
