import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/** Files of server conversions: uploads and results on disk, deleted by the sweeper. */
export async function up(db: AnyDb, { bigint }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('conversion_files')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('conversion_id', 'varchar(40)', (c) => c.notNull().references('conversions.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', bigint, (c) => c.notNull())
    .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('conversion_files_conversion_idx').on('conversion_files').column('conversion_id').execute();
  await db.schema.alterTable('conversions').addColumn('files_purged', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('conversions_expiry_idx').on('conversions').columns(['files_purged', 'expires_at']).execute();
}
