import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { VideoFeedsTable } from '../db/schema.js';

export type VideoFeedRow = Selectable<VideoFeedsTable>;

/** Inserts a feed unless the user already follows that URL; true when inserted. */
export async function insertVideoFeed(db: DbOrTx, row: Insertable<VideoFeedsTable>): Promise<boolean> {
  const res = await db.insertInto('video_feeds').values(row).onConflict((oc) => oc.columns(['user_id', 'url']).doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findVideoFeed(db: DbOrTx, userId: string, id: string): Promise<VideoFeedRow | undefined> {
  return db.selectFrom('video_feeds').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export function findVideoFeedByUrl(db: DbOrTx, userId: string, url: string): Promise<VideoFeedRow | undefined> {
  return db.selectFrom('video_feeds').selectAll().where('user_id', '=', userId).where('url', '=', url).executeTakeFirst();
}

export function listVideoFeeds(db: DbOrTx, userId: string): Promise<VideoFeedRow[]> {
  return db.selectFrom('video_feeds').selectAll().where('user_id', '=', userId).orderBy('created_at', 'asc').execute();
}

export async function countVideoFeeds(db: DbOrTx, userId: string): Promise<number> {
  const row = await db.selectFrom('video_feeds').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteVideoFeed(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const res = await db.deleteFrom('video_feeds').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Feeds whose poll is due, the longest-waiting first. */
export function dueVideoFeeds(db: DbOrTx, now: number, limit: number): Promise<VideoFeedRow[]> {
  return db.selectFrom('video_feeds').selectAll().where('next_poll_at', '<=', now).orderBy('next_poll_at', 'asc').limit(limit).execute();
}

/**
 * Takes a due feed for one poller: moves its next poll to `leaseUntil` only if nobody moved it
 * since it was read. False when another poller (another instance, an overlapping run) has it.
 */
export async function claimVideoFeed(db: DbOrTx, id: string, seenNextPollAt: number, leaseUntil: number): Promise<boolean> {
  const res = await db.updateTable('video_feeds').set({ next_poll_at: leaseUntil }).where('id', '=', id).where('next_poll_at', '=', seenNextPollAt).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function recordVideoFeedPoll(
  db: DbOrTx,
  id: string,
  change: { polledAt: number; nextPollAt: number; error: string | null; errorCount: number; title?: string },
): Promise<void> {
  await db
    .updateTable('video_feeds')
    .set({
      last_polled_at: change.polledAt,
      next_poll_at: change.nextPollAt,
      last_error: change.error,
      error_count: change.errorCount,
      ...(change.title ? { title: change.title } : {}),
    })
    .where('id', '=', id)
    .execute();
}
