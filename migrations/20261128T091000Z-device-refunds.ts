import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/**
 * One refund rule for every device-side use (issue 27): a tool use records whether it ran on the
 * device (only those can be given back by the page), and the daily refund budget counts tool-use
 * and browser-conversion refunds together.
 */
export async function up(db: AnyDb, _ctx: MigrationContext): Promise<void> {
  // 1 for a use spent by the page through POST /tools/{toolId}/uses; 0 for one the server ran (a bot answer, a translated page, an automation run).
  await db.schema.alterTable('tool_uses').addColumn('on_device', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // Until now only the page spent uses of these two tools.
  await db.updateTable('tool_uses').set({ on_device: 1 }).where('tool_id', 'in', ['video-tools', 'ai-image']).execute();
  // The budget counts a user's device-side uses started each day.
  await db.schema.createIndex('tool_uses_device_idx').on('tool_uses').columns(['user_id', 'on_device', 'created_at']).execute();
  await db.schema.alterTable('refund_days').renameColumn('browser_refunds', 'device_refunds').execute();
}
