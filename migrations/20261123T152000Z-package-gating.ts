import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/**
 * Gating by package (spec §6): the conversion types (card keys such as `pdf-to-word`) a bundle
 * includes. A bundle with no rows includes every type, so every bundle that existed before this
 * migration keeps including everything.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('bundle_convert_types')
    .addColumn('bundle_id', 'varchar(40)', (c) => c.notNull().references('bundles.id').onDelete('cascade'))
    .addColumn('convert_type', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('bundle_convert_types_pk', ['bundle_id', 'convert_type'])
    .execute();
  // "Which bundles include pdf-to-word?" (GET /bundle/list?convertType=).
  await db.schema.createIndex('bundle_convert_types_type_idx').on('bundle_convert_types').column('convert_type').execute();
}
