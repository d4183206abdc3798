/** The video subscription tables (migrations/20261126T101000Z-video-subscriptions.ts). */
export interface VideoFeedsTable {
  id: string;
  user_id: string;
  url: string;
  kind: 'rss' | 'atom' | 'youtube-channel';
  title: string;
  created_at: number;
  last_polled_at: number | null;
  next_poll_at: number;
  /** A key of `videoSubscribe.feedErrors` (e.g. 'network', 'notFeed'). */
  last_error: string | null;
  error_count: number;
}

export interface VideoFeedItemsTable {
  id: string;
  feed_id: string;
  user_id: string;
  guid: string;
  title: string;
  link: string | null;
  media_url: string | null;
  published_at: number | null;
  found_at: number;
  state: 'new' | 'queued' | 'downloading' | 'done' | 'failed';
  progress_milli: number | null;
  error: string | null;
  saved_path: string | null;
  updated_at: number;
}

export interface VideoUserConfigsTable {
  user_id: string;
  base_path: string | null;
  download_item_id: string | null;
  download_progress_milli: number | null;
  updated_at: number;
}
