import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { AutomationRunsTable } from '../db/schema.js';

export type AutomationRunRow = Selectable<AutomationRunsTable>;

export function insertRun(db: DbOrTx, row: Insertable<AutomationRunsTable>) {
  return db.insertInto('automation_runs').values(row).execute();
}

/** Inserts a scheduled run unless its (schedule, slot) already ran; true when this call inserted it. */
export async function insertScheduledRun(db: DbOrTx, row: Insertable<AutomationRunsTable>): Promise<boolean> {
  const res = await db.insertInto('automation_runs').values(row).onConflict((oc) => oc.columns(['schedule_id', 'scheduled_for']).doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export function findRun(db: DbOrTx, id: string): Promise<AutomationRunRow | undefined> {
  return db.selectFrom('automation_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listRuns(db: DbOrTx, flowId: string, limit = 50): Promise<AutomationRunRow[]> {
  return db.selectFrom('automation_runs').selectAll().where('flow_id', '=', flowId).orderBy('created_at', 'desc').limit(limit).execute();
}

export function listRunsOfSchedule(db: DbOrTx, scheduleId: string): Promise<AutomationRunRow[]> {
  return db.selectFrom('automation_runs').selectAll().where('schedule_id', '=', scheduleId).orderBy('scheduled_for', 'asc').execute();
}

export async function updateRun(db: DbOrTx, id: string, change: Updateable<AutomationRunsTable>): Promise<void> {
  await db.updateTable('automation_runs').set(change).where('id', '=', id).execute();
}

/** Runs left queued, running or paused by a process that stopped. */
export function unfinishedRuns(db: DbOrTx): Promise<AutomationRunRow[]> {
  return db.selectFrom('automation_runs').selectAll().where('status', 'in', ['queued', 'running', 'paused']).execute();
}
