import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { ToolUsesTable } from '../db/schema.js';

export type ToolUseRow = Selectable<ToolUsesTable>;

export async function insertToolUse(db: DbOrTx, row: Insertable<ToolUsesTable>): Promise<void> {
  await db.insertInto('tool_uses').values(row).execute();
}

export function findToolUse(db: DbOrTx, id: string): Promise<ToolUseRow | undefined> {
  return db.selectFrom('tool_uses').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks a use refunded if it was not: true only for the one caller that flipped it. */
export async function markToolUseRefunded(db: DbOrTx, id: string): Promise<boolean> {
  const res = await db.updateTable('tool_uses').set({ refunded: 1 }).where('id', '=', id).where('refunded', '=', 0).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Uses of a tool by a user since `since` (refunded ones excluded). */
export async function countToolUses(db: DbOrTx, userId: string, toolId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('tool_uses')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('tool_id', '=', toolId)
    .where('refunded', '=', 0)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
