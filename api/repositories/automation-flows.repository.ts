import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { AutomationFlowsTable } from '../db/schema.js';

export type AutomationFlowRow = Selectable<AutomationFlowsTable>;

export function insertFlow(db: DbOrTx, row: Insertable<AutomationFlowsTable>) {
  return db.insertInto('automation_flows').values(row).execute();
}

export function findFlow(db: DbOrTx, id: string): Promise<AutomationFlowRow | undefined> {
  return db.selectFrom('automation_flows').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listFlows(db: DbOrTx, ownerId: string): Promise<AutomationFlowRow[]> {
  return db.selectFrom('automation_flows').selectAll().where('owner_id', '=', ownerId).orderBy('created_at', 'asc').limit(500).execute();
}

export async function updateFlow(db: DbOrTx, id: string, change: Updateable<AutomationFlowsTable>): Promise<void> {
  await db.updateTable('automation_flows').set(change).where('id', '=', id).execute();
}

/** Updates the flow only if nobody changed it since `seenUpdatedAt`; true when this call did. */
export async function updateFlowIfUnchanged(db: DbOrTx, id: string, seenUpdatedAt: number, change: Updateable<AutomationFlowsTable>): Promise<boolean> {
  const res = await db.updateTable('automation_flows').set(change).where('id', '=', id).where('updated_at', '=', seenUpdatedAt).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteFlow(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('automation_schedules').where('flow_id', '=', id).execute();
  await db.deleteFrom('automation_runs').where('flow_id', '=', id).execute();
  await db.deleteFrom('automation_flows').where('id', '=', id).execute();
}
