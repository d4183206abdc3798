import type { Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { WritingToolsTable } from '../db/schema.js';

/** The one writer of `writing_tools` (rows are seeded by the migration; staff change them). */
export type WritingToolRow = Selectable<WritingToolsTable>;

export function writingToolRows(db: DbOrTx): Promise<WritingToolRow[]> {
  return db.selectFrom('writing_tools').selectAll().orderBy('sort_order').orderBy('id').execute();
}

export function findWritingTool(db: DbOrTx, id: string): Promise<WritingToolRow | undefined> {
  return db.selectFrom('writing_tools').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateWritingTool(db: DbOrTx, id: string, changes: Updateable<WritingToolsTable>): Promise<void> {
  await db.updateTable('writing_tools').set(changes).where('id', '=', id).execute();
}
