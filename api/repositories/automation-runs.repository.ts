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

/** Runs waiting in line, and running or paused runs whose lease ran out (their process stopped). */
export function unfinishedRuns(db: DbOrTx, now: number): Promise<AutomationRunRow[]> {
  return db
    .selectFrom('automation_runs')
    .selectAll()
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', 'in', ['running', 'paused']), eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)])])]))
    .execute();
}

/** Takes a queued run for this instance: true for exactly one caller, however many try at once. */
export async function claimQueuedRun(db: DbOrTx, id: string, leaseUntil: number): Promise<boolean> {
  const res = await db.updateTable('automation_runs').set({ status: 'running', lease_until: leaseUntil }).where('id', '=', id).where('status', '=', 'queued').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Fails a running or paused run whose lease ran out: true for exactly one caller. */
export async function claimAbandonedRun(db: DbOrTx, id: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('automation_runs')
    .set({ status: 'failed', error: 'interrupted', finished_at: now, lease_until: null })
    .where('id', '=', id)
    .where('status', 'in', ['running', 'paused'])
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Ended runs whose screenshots are still kept although they ended before `before`. */
export async function runsWithShotsDue(db: DbOrTx, before: number, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('automation_runs').select('id').where('finished_at', '<=', before).where('shots_purged_at', 'is', null).orderBy('finished_at').limit(limit).execute();
  return rows.map((r) => r.id);
}

export async function markShotsPurged(db: DbOrTx, id: string, now: number): Promise<void> {
  await db.updateTable('automation_runs').set({ shots_purged_at: now }).where('id', '=', id).where('shots_purged_at', 'is', null).execute();
}
