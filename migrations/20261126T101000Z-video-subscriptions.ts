import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/**
 * Video subscriptions (issue 13): the feeds a user follows, the items found in them (a guid is
 * stored once per feed, so an item is "new" exactly once), and the user's video settings (the
 * helper's base path and the one download running, spec §3 video state).
 */
export async function up(db: AnyDb, { bigint }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('video_feeds')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    // 'rss' | 'atom' | 'youtube-channel'
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('last_polled_at', bigint)
    // When the scheduled poll takes it next; a claim moves it forward first, so two pollers never share a feed.
    .addColumn('next_poll_at', bigint, (c) => c.notNull())
    .addColumn('last_error', 'varchar(40)')
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('video_feeds_user_url', ['user_id', 'url'])
    .execute();
  await db.schema.createIndex('video_feeds_due').on('video_feeds').columns(['next_poll_at']).execute();

  await db.schema
    .createTable('video_feed_items')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('feed_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('guid', 'varchar(500)', (c) => c.notNull())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('link', 'varchar(2048)')
    .addColumn('media_url', 'varchar(2048)')
    .addColumn('published_at', bigint)
    .addColumn('found_at', bigint, (c) => c.notNull())
    // 'new' | 'queued' | 'downloading' | 'done' | 'failed'
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    // Thousandths of the download, while downloading.
    .addColumn('progress_milli', 'integer')
    .addColumn('error', 'varchar(300)')
    .addColumn('saved_path', 'varchar(2048)')
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('video_feed_items_guid', ['feed_id', 'guid'])
    .execute();
  await db.schema.createIndex('video_feed_items_user').on('video_feed_items').columns(['user_id', 'found_at']).execute();

  await db.schema
    .createTable('video_user_configs')
    .addColumn('user_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('base_path', 'varchar(1024)')
    .addColumn('download_item_id', 'varchar(40)')
    .addColumn('download_progress_milli', 'integer')
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
}
