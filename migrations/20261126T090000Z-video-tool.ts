import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/**
 * The video tools (issue 13) spend TYPE_API quota per operation like the AI tools, so staff
 * switch them and set their cost in the same table.
 */
export async function up(db: AnyDb, _ctx: MigrationContext): Promise<void> {
  await db
    .insertInto('writing_tools')
    .values({ id: 'video-tools', name: 'Video tools', name_zh: '视频工具', enabled: 1, cost: 1, config_json: '{}', sort_order: 4, updated_at: 0 })
    .execute();
}
