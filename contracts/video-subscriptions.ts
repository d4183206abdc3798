import { z } from 'zod';

/**
 * Video subscriptions (issue 13, spec §7 "Video"): the user's feeds (RSS 2.0, Atom, YouTube
 * channel feeds), polled by the server on a schedule; new items are handed to the local helper
 * to download. The subscribe panel (src/features/video-tools/subscribe) and the API
 * (api/routes/video-subscriptions.routes.ts) share these schemas. The spec leaves the payloads
 * open ("not shown"); docs/video-subscriptions.md explains the choices.
 */

export const FEED_KINDS = ['rss', 'atom', 'youtube-channel'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

export const ITEM_STATES = ['new', 'queued', 'downloading', 'done', 'failed'] as const;
export type ItemState = (typeof ITEM_STATES)[number];

/** Feeds one user may hold: each is fetched by the server every poll. */
export const MAX_FEEDS_PER_USER = 50;
/** Items sent by one GET /video/download/status. */
export const STATUS_ITEMS_LIMIT = 200;

const urlField = z
  .string({ error: 'validation.urlInvalid' })
  .trim()
  .max(2048, { error: 'validation.urlInvalid' })
  .url({ error: 'validation.urlInvalid' })
  .refine((u) => /^https?:\/\//i.test(u), { error: 'validation.urlInvalid' });

const idField = z.string().min(1).max(40);

/** POST /video/url/add: a feed URL, or a YouTube channel address (`/channel/UC…`) turned into its feed. */
export const feedAddSchema = z.object({ url: urlField });
export type FeedAdd = z.infer<typeof feedAddSchema>;

/** POST /video/url/cancel: stop following a feed (its items go with it). */
export const feedCancelSchema = z.object({ feedId: idField });
export type FeedCancel = z.infer<typeof feedCancelSchema>;

/** POST /video/local/dir: where the helper saves downloads on the user's machine (the spec's base_path). */
export const localDirSchema = z.object({
  basePath: z.string().trim().min(1, { error: 'videoSubscribe.validation.basePath' }).max(1024, { error: 'videoSubscribe.validation.basePath' }),
});
export type LocalDir = z.infer<typeof localDirSchema>;

/** POST /video/download/start: queue items for the helper; without ids, every new item (of one feed when `feedId` is given). */
export const downloadStartSchema = z.object({
  itemIds: z.array(idField).min(1).max(STATUS_ITEMS_LIMIT).optional(),
  feedId: idField.optional(),
});
export type DownloadStart = z.infer<typeof downloadStartSchema>;

/** POST /video/download/update: what the helper did with an item, reported by the page. */
export const downloadUpdateSchema = z.object({
  itemId: idField,
  state: z.enum(['queued', 'downloading', 'done', 'failed']),
  /** 0..1 while downloading. */
  progress: z.number().min(0).max(1).optional(),
  /** A short reason for `failed` (the helper's code or message), kept for the user to see. */
  error: z.string().max(300).optional(),
  /** Where the helper saved the file, for `done`. */
  savedPath: z.string().max(2048).optional(),
});
export type DownloadUpdate = z.infer<typeof downloadUpdateSchema>;

/** GET /video/download/status?feedId=&state= */
export const downloadStatusQuerySchema = z.object({
  feedId: idField.optional(),
  state: z.enum(ITEM_STATES).optional(),
});

export const feedSchema = z.object({
  feedId: z.string(),
  /** The URL the server polls (a YouTube channel address becomes its feed URL). */
  url: z.string(),
  kind: z.enum(FEED_KINDS),
  title: z.string(),
  createdAt: z.number(),
  lastPolledAt: z.number().nullable(),
  nextPollAt: z.number(),
  /** The last poll's failure (a key of `videoSubscribe.feedErrors`), null when it worked. */
  lastError: z.string().nullable(),
  /** Failed polls in a row; the next poll waits longer after each. */
  errorCount: z.number().int(),
  counts: z.record(z.enum(ITEM_STATES), z.number().int()),
});
export type Feed = z.infer<typeof feedSchema>;

export const feedItemSchema = z.object({
  itemId: z.string(),
  feedId: z.string(),
  title: z.string(),
  /** The item's page (a YouTube watch URL for channel feeds). */
  link: z.string().nullable(),
  /** A direct media URL when the feed gives one (RSS enclosure, Atom enclosure link, media:content). */
  mediaUrl: z.string().nullable(),
  /** What the helper should download: the media URL, else the page link. */
  downloadUrl: z.string().nullable(),
  /** A safe file name (no folders), with the media file's extension when `mediaUrl` shows one; the panel passes it to the helper only then. */
  fileName: z.string(),
  publishedAt: z.number().nullable(),
  foundAt: z.number(),
  state: z.enum(ITEM_STATES),
  progress: z.number().nullable(),
  error: z.string().nullable(),
  savedPath: z.string().nullable(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

/** The spec's "download info": the one download running (downloads are serial, spec §9). */
export const downloadInfoSchema = z.object({ itemId: z.string(), progress: z.number().nullable(), updatedAt: z.number() }).nullable();
export type DownloadInfo = z.infer<typeof downloadInfoSchema>;

/** GET /video/usr/config: the spec's video state as the server keeps it. */
export const videoUserConfigSchema = z.object({
  basePath: z.string().nullable(),
  subscribes: z.array(feedSchema),
  download: downloadInfoSchema,
  /** How often feeds are polled, in minutes (server configuration). */
  pollMinutes: z.number().int(),
});
export type VideoUserConfig = z.infer<typeof videoUserConfigSchema>;

export const downloadStatusSchema = z.object({
  download: downloadInfoSchema,
  items: z.array(feedItemSchema),
});
export type DownloadStatus = z.infer<typeof downloadStatusSchema>;

export const downloadStartResultSchema = z.object({ items: z.array(feedItemSchema) });
export type DownloadStartResult = z.infer<typeof downloadStartResultSchema>;

export const feedAddResultSchema = z.object({
  feed: feedSchema,
  /** False when the user already followed this feed (the same feed comes back). */
  created: z.boolean(),
});
export type FeedAddResult = z.infer<typeof feedAddResultSchema>;
