import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/**
 * Semantic matching for the QA bot: sentence vectors of the bots' texts, keyed by the model that
 * made them and the sha256 of the text, so a text shared by several bots (or unchanged by an
 * edit) is embedded once. A bot gains its calibration (JSON, written after its texts are embedded).
 */
export async function up(db: AnyDb, { dialect }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('qa_text_vectors')
    // Which model made the vector (api/ai/embeddings EMBEDDING_MODEL).
    .addColumn('model', 'varchar(40)', (c) => c.notNull())
    // sha256 hex of the text.
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    // Little-endian float32s.
    .addColumn('vector', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('qa_text_vectors_pk', ['model', 'hash'])
    .execute();

  await db.schema.alterTable('qa_bots').addColumn('calibration', 'text').execute();
}
