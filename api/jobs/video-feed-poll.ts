import { randomUUID } from 'node:crypto';
import type { PageFetchOptions } from '../ai/fetch/fetch-page.js';
import type { Db } from '../db/index.js';
import { insertVideoFeedItem } from '../repositories/video-feed-items.repository.js';
import { claimVideoFeed, dueVideoFeeds, recordVideoFeedPoll, type VideoFeedRow } from '../repositories/video-feeds.repository.js';
import { failureReason, FeedFetchError, fetchFeed } from '../video/fetch-feed.js';
import type { ParsedItem } from '../video/parse-feed.js';

export interface FeedPollSettings {
  /** How long after a good poll a feed is polled again. */
  intervalMs: number;
  /** The newest items stored per poll at most; older ones of a long feed are never "new". */
  maxItemsPerPoll: number;
  /** Feeds polled per run at most; the rest wait for the next run (they stay due). */
  batch?: number;
  fetchOptions?: PageFetchOptions;
}

export interface FeedPollResult {
  polled: number;
  failed: number;
  newItems: number;
}

/** After `errors` failures in a row: the interval doubled each time, at most a day. */
export function backoffMs(intervalMs: number, errors: number): number {
  return Math.min(intervalMs * 2 ** Math.min(errors, 10), 24 * 3600 * 1000);
}

/** How long a claimed feed is kept from other pollers while its fetch runs (the fetch itself gives up after 10 s). */
const LEASE_MS = 5 * 60 * 1000;
/** Feeds fetched at once by one run. */
const PARALLEL = 4;

/** Stores the newest items not seen before (the (feed, guid) unique constraint decides); returns how many were new. */
export async function storeNewItems(db: Db, feed: Pick<VideoFeedRow, 'id' | 'user_id'>, items: readonly ParsedItem[], now: number, cap: number): Promise<number> {
  let added = 0;
  for (const item of items.slice(0, cap)) {
    const inserted = await insertVideoFeedItem(db, {
      id: randomUUID(),
      feed_id: feed.id,
      user_id: feed.user_id,
      guid: item.guid,
      title: item.title,
      link: item.link,
      media_url: item.mediaUrl,
      published_at: item.publishedAt,
      found_at: now,
      state: 'new',
      progress_milli: null,
      error: null,
      saved_path: null,
      updated_at: now,
    });
    if (inserted) added += 1;
  }
  return added;
}

async function pollOne(db: Db, feed: VideoFeedRow, now: number, s: FeedPollSettings): Promise<{ ok: boolean; newItems: number }> {
  if (!(await claimVideoFeed(db, feed.id, feed.next_poll_at, now + LEASE_MS))) return { ok: true, newItems: 0 };
  try {
    const parsed = await fetchFeed(feed.url, s.fetchOptions);
    const newItems = await storeNewItems(db, feed, parsed.items, now, s.maxItemsPerPoll);
    await recordVideoFeedPoll(db, feed.id, { polledAt: now, nextPollAt: now + s.intervalMs, error: null, errorCount: 0, ...(parsed.title ? { title: parsed.title } : {}) });
    return { ok: true, newItems };
  } catch (err) {
    if (!(err instanceof FeedFetchError)) throw err;
    const errors = feed.error_count + 1;
    await recordVideoFeedPoll(db, feed.id, { polledAt: now, nextPollAt: now + backoffMs(s.intervalMs, errors), error: failureReason(err.failure), errorCount: errors });
    return { ok: false, newItems: 0 };
  }
}

/**
 * The scheduled poll (api/main.ts adds it to the sweeps: a pg-boss job on PostgreSQL, so once
 * across instances; the in-process sweeper on SQLite). Each due feed is claimed before it is
 * fetched, so even overlapping runs never fetch a feed twice; a failing feed waits longer each time.
 */
export async function pollDueFeeds(db: Db, now: number, s: FeedPollSettings): Promise<FeedPollResult> {
  const due = await dueVideoFeeds(db, now, s.batch ?? 100);
  const result: FeedPollResult = { polled: 0, failed: 0, newItems: 0 };
  for (let i = 0; i < due.length; i += PARALLEL) {
    const outcomes = await Promise.all(due.slice(i, i + PARALLEL).map((feed) => pollOne(db, feed, now, s)));
    for (const o of outcomes) {
      result.polled += 1;
      if (!o.ok) result.failed += 1;
      result.newItems += o.newItems;
    }
  }
  return result;
}
