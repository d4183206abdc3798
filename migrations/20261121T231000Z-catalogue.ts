import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, { bigint }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('name_zh', 'varchar(128)', (c) => c.notNull())
    .addColumn('image_url', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bundles')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('name_zh', 'varchar(128)', (c) => c.notNull())
    .addColumn('desc', 'text', (c) => c.notNull())
    .addColumn('desc_zh', 'text', (c) => c.notNull())
    .addColumn('bundle_icon', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('duration', 'varchar(16)', (c) => c.notNull())
    .addColumn('trial', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('batch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bundle_quotas')
    .addColumn('bundle_id', 'varchar(40)', (c) => c.notNull().references('bundles.id').onDelete('cascade'))
    .addColumn('product_id', 'varchar(40)', (c) => c.notNull().references('products.id'))
    .addColumn('quota_type', 'varchar(24)', (c) => c.notNull())
    .addColumn('quota', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('bundle_quotas_pk', ['bundle_id', 'product_id', 'quota_type'])
    .execute();
}
