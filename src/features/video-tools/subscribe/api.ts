import type { DownloadStartResult, DownloadStatus, DownloadUpdate, FeedAddResult, FeedItem, VideoUserConfig } from '@contracts/video-subscriptions';
import { apiGet, apiPost } from '../../../lib/api-client';

/** The server's video subscription calls (spec §7 "Video"; contracts/video-subscriptions.ts). */
export const CONFIG_KEY = '/video/usr/config';
export const NEW_ITEMS_KEY = '/video/download/status?state=new';
export const STATUS_KEY = '/video/download/status';

export const fetchJson = <T>(path: string) => apiGet<T>(path);
/** Errors the form shows inline (bad URL, refused address, not a feed, unreachable) stay out of the toast. */
export const addFeed = (url: string) => apiPost<FeedAddResult>('/video/url/add', { url }, { quiet: true });
export const cancelFeed = (feedId: string) => apiPost<null>('/video/url/cancel', { feedId });
export const startDownloads = (body: { itemIds?: string[]; feedId?: string }) => apiPost<DownloadStartResult>('/video/download/start', body);
export const reportDownload = (body: DownloadUpdate) => apiPost<FeedItem>('/video/download/update', body, { quiet: true });

export type { DownloadStatus, FeedItem, VideoUserConfig };
/** Mirrors the helper's download folder on the server (the spec's base_path in the user's video state). */
export const saveLocalDir = (basePath: string) => apiPost<VideoUserConfig>('/video/local/dir', { basePath }, { quiet: true });
