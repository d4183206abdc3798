import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { VideoFeedItemsTable } from '../db/schema.js';

export type VideoFeedItemRow = Selectable<VideoFeedItemsTable>;
export type VideoItemState = VideoFeedItemsTable['state'];

/** Stores an item unless its feed already has that guid; true when it is new. */
export async function insertVideoFeedItem(db: DbOrTx, row: Insertable<VideoFeedItemsTable>): Promise<boolean> {
  const res = await db.insertInto('video_feed_items').values(row).onConflict((oc) => oc.columns(['feed_id', 'guid']).doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function listVideoFeedItems(db: DbOrTx, userId: string, filter: { feedId?: string; state?: VideoItemState; ids?: readonly string[] }, limit: number): Promise<VideoFeedItemRow[]> {
  let q = db.selectFrom('video_feed_items').selectAll().where('user_id', '=', userId);
  if (filter.feedId) q = q.where('feed_id', '=', filter.feedId);
  if (filter.state) q = q.where('state', '=', filter.state);
  if (filter.ids) q = q.where('id', 'in', filter.ids.length > 0 ? [...filter.ids] : ['']);
  return q.orderBy('found_at', 'desc').orderBy('published_at', 'desc').orderBy('id', 'asc').limit(limit).execute();
}

export function findVideoFeedItem(db: DbOrTx, userId: string, id: string): Promise<VideoFeedItemRow | undefined> {
  return db.selectFrom('video_feed_items').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

/** Items per state for each of the user's feeds. */
export async function countVideoFeedItems(db: DbOrTx, userId: string): Promise<{ feed_id: string; state: VideoItemState; n: number }[]> {
  const rows = await db
    .selectFrom('video_feed_items')
    .select(['feed_id', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .groupBy(['feed_id', 'state'])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

export async function updateVideoFeedItem(db: DbOrTx, userId: string, id: string, change: Updateable<VideoFeedItemsTable>): Promise<void> {
  await db.updateTable('video_feed_items').set(change).where('user_id', '=', userId).where('id', '=', id).execute();
}

/** Moves the given items from one of `from` to `to`; returns how many moved. */
export async function moveVideoFeedItems(db: DbOrTx, userId: string, ids: readonly string[], from: readonly VideoItemState[], change: Updateable<VideoFeedItemsTable>): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await db.updateTable('video_feed_items').set(change).where('user_id', '=', userId).where('id', 'in', [...ids]).where('state', 'in', [...from]).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function deleteVideoFeedItems(db: DbOrTx, userId: string, feedId: string): Promise<void> {
  await db.deleteFrom('video_feed_items').where('user_id', '=', userId).where('feed_id', '=', feedId).execute();
}
