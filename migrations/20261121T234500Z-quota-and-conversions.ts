import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, { bigint }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('bundle_grants')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bundle_id', 'varchar(40)', (c) => c.notNull().references('bundles.id'))
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('granted_at', bigint, (c) => c.notNull())
    .addColumn('valid_date', bigint, (c) => c.notNull())
    // One grant per order, and the trial ('trial', 'trial') at most once per account.
    .addUniqueConstraint('bundle_grants_once', ['user_id', 'source', 'source_ref'])
    .execute();

  await db.schema
    .createTable('user_quotas')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('grant_id', 'varchar(40)', (c) => c.notNull().references('bundle_grants.id').onDelete('cascade'))
    .addColumn('product_id', 'varchar(40)', (c) => c.notNull().references('products.id'))
    .addColumn('quota_type', 'varchar(24)', (c) => c.notNull())
    .addColumn('quota', bigint, (c) => c.notNull())
    .addColumn('avail_quota', bigint, (c) => c.notNull())
    .addColumn('batch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_date', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    // The last line of defence: a balance can never go below zero, whatever the code does.
    .addCheckConstraint('user_quotas_avail_non_negative', sql`avail_quota >= 0`)
    .execute();
  await db.schema.createIndex('user_quotas_user_idx').on('user_quotas').columns(['user_id', 'product_id', 'quota_type']).execute();

  await db.schema
    .createTable('conversions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('convert_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('engine', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('input_json', 'text', (c) => c.notNull())
    .addColumn('output_json', 'text', (c) => c.notNull())
    .addColumn('file_count', 'integer', (c) => c.notNull())
    .addColumn('total_bytes', bigint, (c) => c.notNull())
    .addColumn('quota_id', 'varchar(40)')
    .addColumn('units', 'integer', (c) => c.notNull())
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure_reason', 'varchar(255)')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('conversions_user_idx').on('conversions').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('convert_features')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('converts_json', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
