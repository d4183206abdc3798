import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/** The AI products of spec §1 that later issues build, as they start: on, one TYPE_API unit per use, no configuration yet. */
const WRITING_TOOLS = [
  { id: 'qa-bot', name: 'AI customer-service bot', name_zh: 'AI 问答客服机器人' },
  { id: 'reading-assistant', name: 'AI reading assistant', name_zh: 'AI 阅读助手' },
  { id: 'ai-image', name: 'AI image tools', name_zh: 'AI 图片工具' },
  { id: 'automation', name: 'AI web process automation', name_zh: 'AI 网页流程自动化' },
];

/**
 * The product list and the publish-product page (issue 11): per-card settings of the conversion
 * catalogue, the writing (AI) tools with their settings, and a detail text on products.
 *
 * `convert_features` stays keyed by source with its targets and keeps its own switch; each card
 * (`pdf-to-word`) gets an optional row here. No row means on, `auto`, no cap, so nothing needs
 * copying: every card that was offered before stays offered.
 */
export async function up(db: AnyDb, { bigint }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('convert_tools')
    .addColumn('convert_type', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    // 'auto' | 'browser' | 'server'
    .addColumn('engine', 'varchar(8)', (c) => c.notNull().defaultTo('auto'))
    // Bytes; null: only the package's cap applies.
    .addColumn('max_file_size', bigint)
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('writing_tools')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('name_zh', 'varchar(128)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    // TYPE_API units one use spends.
    .addColumn('cost', 'integer', (c) => c.notNull().defaultTo(1))
    // A JSON object of at most 8 KB; its fields are defined by the issues that build each tool.
    .addColumn('config_json', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    // 0 until staff change the tool.
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db
    .insertInto('writing_tools')
    .values(WRITING_TOOLS.map((t, i) => ({ ...t, enabled: 1, cost: 1, config_json: '{}', sort_order: i, updated_at: 0 })))
    .execute();

  await db.schema.alterTable('products').addColumn('detail', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('products').addColumn('detail_zh', 'text', (c) => c.notNull().defaultTo('')).execute();
}
