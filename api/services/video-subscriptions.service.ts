import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@contracts/error-codes.js';
import {
  ITEM_STATES,
  MAX_FEEDS_PER_USER,
  STATUS_ITEMS_LIMIT,
  type DownloadStart,
  type DownloadStartResult,
  type DownloadStatus,
  type DownloadUpdate,
  type Feed,
  type FeedAddResult,
  type FeedItem,
  type ItemState,
  type VideoUserConfig,
} from '@contracts/video-subscriptions.js';
import type { PageFetchOptions } from '../ai/fetch/fetch-page.js';
import { transaction, type Db } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import { pollDueFeeds, storeNewItems, type FeedPollResult } from '../jobs/video-feed-poll.js';
import { countVideoFeedItems, deleteVideoFeedItems, findVideoFeedItem, listVideoFeedItems, moveVideoFeedItems, updateVideoFeedItem } from '../repositories/video-feed-items.repository.js';
import { countVideoFeeds, deleteVideoFeed, findVideoFeedByUrl, insertVideoFeed, listVideoFeeds } from '../repositories/video-feeds.repository.js';
import { findVideoUserConfig, upsertVideoUserConfig } from '../repositories/video-user-configs.repository.js';
import { feedTarget } from '../video/feed-url.js';
import { FeedFetchError, fetchFeed, type FeedFailure } from '../video/fetch-feed.js';
import { toFeed, toFeedItem } from './video-subscription-views.js';

export interface VideoSubscriptionDeps {
  db: Db;
  now: () => number;
  settings: { pollMinutes: number; maxItemsPerPoll: number };
  /** The guarded fetcher's options; only tests pass them (DNS answers, a test-only allowed address). */
  fetchOptions?: PageFetchOptions | undefined;
}

/** A feed that cannot be followed, as the error the panel shows; `data.reasonKey` is a key of `videoSubscribe`. */
function feedError(f: FeedFailure): AppError {
  const key = (reason: string) => `videoSubscribe.feedErrors.${reason}`;
  switch (f.kind) {
    case 'invalidUrl':
      return new AppError(ErrorCode.VALIDATION_FAILED, 'Not an http(s) URL', { url: 'validation.urlInvalid' });
    case 'refused':
      return new AppError(ErrorCode.FORBIDDEN, `Refused address (${f.reason})`, { reason: f.reason, reasonKey: key('refused') });
    case 'tooLarge':
      return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `Feed larger than ${f.limitBytes} bytes`, { reason: 'tooLarge', limitBytes: f.limitBytes, reasonKey: key('tooLarge') });
    case 'contentType':
      return new AppError(ErrorCode.UNSUPPORTED_CONTENT, `Not a feed (${f.contentType})`, { reason: 'contentType', contentType: f.contentType, reasonKey: key('contentType') });
    case 'notFeed':
      return new AppError(ErrorCode.UNSUPPORTED_CONTENT, `Not RSS or Atom (${f.detail})`, { reason: 'notFeed', reasonKey: key('notFeed') });
    case 'timeout':
      return new AppError(ErrorCode.PAGE_UNREACHABLE, `No answer within ${f.limitMs} ms`, { reason: 'timeout', reasonKey: key('timeout') });
    case 'status':
      return new AppError(ErrorCode.PAGE_UNREACHABLE, `The feed's server answered ${f.status}`, { reason: 'status', status: f.status, reasonKey: key('status') });
    case 'tooManyRedirects':
      return new AppError(ErrorCode.PAGE_UNREACHABLE, `More than ${f.limit} redirects`, { reason: 'redirects', reasonKey: key('redirects') });
    case 'network':
      return new AppError(ErrorCode.PAGE_UNREACHABLE, `Unreachable (${f.detail})`, { reason: 'network', reasonKey: key('network') });
  }
}

const emptyCounts = (): Record<ItemState, number> => Object.fromEntries(ITEM_STATES.map((s) => [s, 0])) as Record<ItemState, number>;

/**
 * Video subscriptions (issue 13): the feeds a user follows, the items found in them and what the
 * local helper did with each. Feeds are read through the reading assistant's guarded fetcher;
 * the scheduled poll is api/jobs/video-feed-poll.ts. Free of quota: only the browser's video
 * operations spend TYPE_API uses.
 */
export function createVideoSubscriptionService({ db, now, settings, fetchOptions }: VideoSubscriptionDeps) {
  const intervalMs = settings.pollMinutes * 60_000;

  async function feedsWithCounts(userId: string): Promise<Feed[]> {
    const [feeds, counts] = await Promise.all([listVideoFeeds(db, userId), countVideoFeedItems(db, userId)]);
    const byFeed = new Map<string, Record<ItemState, number>>();
    for (const c of counts) {
      const entry = byFeed.get(c.feed_id) ?? emptyCounts();
      entry[c.state] = c.n;
      byFeed.set(c.feed_id, entry);
    }
    return feeds.map((f) => toFeed(f, byFeed.get(f.id) ?? emptyCounts()));
  }

  async function downloadInfo(userId: string): Promise<VideoUserConfig['download']> {
    const row = await findVideoUserConfig(db, userId);
    if (!row?.download_item_id) return null;
    return { itemId: row.download_item_id, progress: row.download_progress_milli === null ? null : row.download_progress_milli / 1000, updatedAt: row.updated_at };
  }

  async function userConfig(userId: string): Promise<VideoUserConfig> {
    const [row, subscribes, download] = await Promise.all([findVideoUserConfig(db, userId), feedsWithCounts(userId), downloadInfo(userId)]);
    return { basePath: row?.base_path ?? null, subscribes, download, pollMinutes: settings.pollMinutes };
  }

  async function feedById(userId: string, feedId: string): Promise<Feed> {
    const feed = (await feedsWithCounts(userId)).find((f) => f.feedId === feedId);
    if (!feed) throw new AppError(ErrorCode.NOT_FOUND, 'No such feed');
    return feed;
  }

  return {
    config: userConfig,

    /** Follows a feed: read once now (so a bad or unreachable URL is refused at once), its newest items stored as new. */
    async add(userId: string, rawUrl: string): Promise<FeedAddResult> {
      const target = feedTarget(rawUrl);
      if (!target.ok) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, `Not a feed URL (${target.reason})`, {
          url: target.reason === 'youtubeHandle' ? 'videoSubscribe.validation.youtubeHandle' : 'validation.urlInvalid',
        });
      }
      const existing = await findVideoFeedByUrl(db, userId, target.url);
      if (existing) return { feed: await feedById(userId, existing.id), created: false };
      if ((await countVideoFeeds(db, userId)) >= MAX_FEEDS_PER_USER) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, `At most ${MAX_FEEDS_PER_USER} feeds`, { url: 'videoSubscribe.validation.tooManyFeeds' });
      }
      let parsed;
      try {
        parsed = await fetchFeed(target.url, fetchOptions);
      } catch (err) {
        if (err instanceof FeedFetchError) throw feedError(err.failure);
        throw err;
      }
      const t = now();
      const id = randomUUID();
      const kind = target.youtube && parsed.youtubeChannelId ? 'youtube-channel' : parsed.format;
      const created = await insertVideoFeed(db, {
        id,
        user_id: userId,
        url: target.url,
        kind,
        title: parsed.title || new URL(target.url).hostname,
        created_at: t,
        last_polled_at: t,
        next_poll_at: t + intervalMs,
        last_error: null,
        error_count: 0,
      });
      // Another request of the same user added it meanwhile: theirs stands.
      if (!created) return { feed: await feedById(userId, (await findVideoFeedByUrl(db, userId, target.url))?.id ?? id), created: false };
      await storeNewItems(db, { id, user_id: userId }, parsed.items, t, settings.maxItemsPerPoll);
      return { feed: await feedById(userId, id), created: true };
    },

    /** Stops following a feed; its items go with it. */
    async cancel(userId: string, feedId: string): Promise<null> {
      await transaction(db, async (tx) => {
        if (!(await deleteVideoFeed(tx, userId, feedId))) throw new AppError(ErrorCode.NOT_FOUND, 'No such feed');
        await deleteVideoFeedItems(tx, userId, feedId);
      });
      return null;
    },

    async setLocalDir(userId: string, basePath: string): Promise<VideoUserConfig> {
      await upsertVideoUserConfig(db, userId, { base_path: basePath, updated_at: now() });
      return userConfig(userId);
    },

    async status(userId: string, query: { feedId?: string | undefined; state?: ItemState | undefined }): Promise<DownloadStatus> {
      const filter = { ...(query.feedId ? { feedId: query.feedId } : {}), ...(query.state ? { state: query.state } : {}) };
      const [rows, download] = await Promise.all([listVideoFeedItems(db, userId, filter, STATUS_ITEMS_LIMIT), downloadInfo(userId)]);
      return { download, items: rows.map(toFeedItem) };
    },

    /**
     * Queues items for the helper: the given ones (new, failed or already queued), or every new
     * item (of one feed with `feedId`). Returns them oldest first, the order to download them in.
     */
    async start(userId: string, body: DownloadStart): Promise<DownloadStartResult> {
      const filter = body.itemIds ? { ids: body.itemIds } : { state: 'new' as const, ...(body.feedId ? { feedId: body.feedId } : {}) };
      const candidates = (await listVideoFeedItems(db, userId, filter, STATUS_ITEMS_LIMIT)).filter((r) => r.state !== 'downloading' && r.state !== 'done');
      const t = now();
      const withUrl = candidates.filter((r) => r.media_url ?? r.link);
      const withoutUrl = candidates.filter((r) => !(r.media_url ?? r.link)).map((r) => r.id);
      await moveVideoFeedItems(db, userId, withoutUrl, ['new', 'failed', 'queued'], { state: 'failed', error: 'noDownloadUrl', progress_milli: null, updated_at: t });
      await moveVideoFeedItems(db, userId, withUrl.map((r) => r.id), ['new', 'failed', 'queued'], { state: 'queued', error: null, progress_milli: null, updated_at: t });
      const queued = await listVideoFeedItems(db, userId, { ids: withUrl.map((r) => r.id), state: 'queued' }, STATUS_ITEMS_LIMIT);
      queued.sort((a, b) => (a.published_at ?? a.found_at) - (b.published_at ?? b.found_at));
      return { items: queued.map(toFeedItem) };
    },

    /**
     * Records what the helper did with an item. Downloads are serial (spec §9): an item that
     * starts downloading ends any other of the user's (marked failed, 'cancelled').
     */
    async update(userId: string, body: DownloadUpdate): Promise<FeedItem> {
      const t = now();
      return transaction(db, async (tx) => {
        const item = await findVideoFeedItem(tx, userId, body.itemId);
        if (!item) throw new AppError(ErrorCode.NOT_FOUND, 'No such item');
        const progress = body.state === 'downloading' && body.progress !== undefined ? Math.round(body.progress * 1000) : null;
        if (body.state === 'downloading') {
          const running = await listVideoFeedItems(tx, userId, { state: 'downloading' }, STATUS_ITEMS_LIMIT);
          const others = running.filter((r) => r.id !== item.id).map((r) => r.id);
          await moveVideoFeedItems(tx, userId, others, ['downloading'], { state: 'failed', error: 'cancelled', progress_milli: null, updated_at: t });
          await upsertVideoUserConfig(tx, userId, { download_item_id: item.id, download_progress_milli: progress, updated_at: t });
        } else {
          const cfg = await findVideoUserConfig(tx, userId);
          if (cfg?.download_item_id === item.id) await upsertVideoUserConfig(tx, userId, { download_item_id: null, download_progress_milli: null, updated_at: t });
        }
        await updateVideoFeedItem(tx, userId, item.id, {
          state: body.state,
          progress_milli: progress,
          error: body.state === 'failed' ? (body.error ?? 'failed') : null,
          ...(body.state === 'done' ? { saved_path: body.savedPath ?? null } : {}),
          updated_at: t,
        });
        const updated = await findVideoFeedItem(tx, userId, item.id);
        if (!updated) throw new AppError(ErrorCode.NOT_FOUND, 'No such item');
        return toFeedItem(updated);
      });
    },

    /** One scheduled run (see api/jobs/video-feed-poll.ts). */
    pollDue(at: number = now()): Promise<FeedPollResult> {
      return pollDueFeeds(db, at, { intervalMs, maxItemsPerPoll: settings.maxItemsPerPoll, ...(fetchOptions ? { fetchOptions } : {}) });
    },
  };
}
export type VideoSubscriptionService = ReturnType<typeof createVideoSubscriptionService>;
