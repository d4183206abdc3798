import type { Feed, FeedItem, ItemState } from '@contracts/video-subscriptions.js';
import type { VideoFeedItemRow } from '../repositories/video-feed-items.repository.js';
import type { VideoFeedRow } from '../repositories/video-feeds.repository.js';

/** Characters no file system takes in a name (and control characters), plus path separators. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach a file name
const UNSAFE_NAME = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;

/** A file name the helper can use as is: no folders, no reserved characters, at most 100 characters. */
export function safeFileName(title: string): string {
  const name = title.replace(UNSAFE_NAME, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '').slice(0, 100).trim();
  return name || 'video';
}

/** Media extensions kept on the name; an HLS playlist is saved by the helper as MP4. */
const MEDIA_EXT = /\.(mp4|m4v|webm|mkv|mov|mp3|m4a|ogg|ogv|m3u8)$/i;

/** The item's file name with the media file's extension when its URL shows one (the helper writes the name as given). */
export function itemFileName(title: string, mediaUrl: string | null): string {
  const ext = mediaUrl ? MEDIA_EXT.exec(new URL(mediaUrl).pathname)?.[1]?.toLowerCase() : undefined;
  return ext ? `${safeFileName(title)}.${ext === 'm3u8' ? 'mp4' : ext}` : safeFileName(title);
}

export function toFeed(row: VideoFeedRow, counts: Record<ItemState, number>): Feed {
  return {
    feedId: row.id,
    url: row.url,
    kind: row.kind,
    title: row.title,
    createdAt: row.created_at,
    lastPolledAt: row.last_polled_at,
    nextPollAt: row.next_poll_at,
    lastError: row.last_error,
    errorCount: row.error_count,
    counts,
  };
}

export function toFeedItem(row: VideoFeedItemRow): FeedItem {
  return {
    itemId: row.id,
    feedId: row.feed_id,
    title: row.title,
    link: row.link,
    mediaUrl: row.media_url,
    downloadUrl: row.media_url ?? row.link,
    fileName: itemFileName(row.title, row.media_url),
    publishedAt: row.published_at,
    foundAt: row.found_at,
    state: row.state,
    progress: row.progress_milli === null ? null : row.progress_milli / 1000,
    error: row.error,
    savedPath: row.saved_path,
  };
}
