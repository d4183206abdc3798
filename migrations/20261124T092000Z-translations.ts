import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/**
 * The reading assistant's translations. `translations` caches each paragraph translated by the
 * model, keyed by the language pair and a hash of its source text, shared by every user (the
 * same paragraph is sent to the model once). `translation_pages` records which pages a user has
 * been charged for, so a page costs one use however often it is translated or retried.
 */
export async function up(db: AnyDb, { bigint }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('translations')
    .addColumn('src_lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('dst_lang', 'varchar(8)', (c) => c.notNull())
    // sha256 (hex) of the prompt version and the source text: see api/ai/translate/text-hash.ts.
    .addColumn('src_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('translation', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('translations_pk', ['src_lang', 'dst_lang', 'src_hash'])
    .execute();
  await db.schema
    .createTable('translation_pages')
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    // The client's document key and page number ("<documentKey>#<n>"), or a one-off key for a request without a page.
    .addColumn('page_key', 'varchar(200)', (c) => c.notNull())
    // The tool_uses row that paid for the page (refunded when nothing of it could be translated).
    .addColumn('use_id', 'varchar(40)', (c) => c.notNull())
    // Characters sent to the model under this use; past the page allowance the page is charged again.
    .addColumn('chars', 'integer', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('translation_pages_pk', ['user_id', 'page_key'])
    .execute();
}
