import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { AutomationSchedulesTable } from '../db/schema.js';

export type AutomationScheduleRow = Selectable<AutomationSchedulesTable>;

export function insertSchedule(db: DbOrTx, row: Insertable<AutomationSchedulesTable>) {
  return db.insertInto('automation_schedules').values(row).execute();
}

export function findSchedule(db: DbOrTx, id: string): Promise<AutomationScheduleRow | undefined> {
  return db.selectFrom('automation_schedules').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listSchedules(db: DbOrTx, ownerId: string): Promise<AutomationScheduleRow[]> {
  return db.selectFrom('automation_schedules').selectAll().where('owner_id', '=', ownerId).orderBy('created_at', 'asc').limit(200).execute();
}

export function dueSchedules(db: DbOrTx, now: number, limit = 50): Promise<AutomationScheduleRow[]> {
  return db.selectFrom('automation_schedules').selectAll().where('next_run_at', '<=', now).orderBy('next_run_at', 'asc').limit(limit).execute();
}

/**
 * Moves a schedule from the slot it was read at to `next`: true for exactly one caller across
 * every instance, which then owns the slots in between.
 */
export async function claimSchedule(db: DbOrTx, id: string, seen: number, next: number | null, last: number): Promise<boolean> {
  const res = await db.updateTable('automation_schedules').set({ next_run_at: next, last_run_at: last }).where('id', '=', id).where('next_run_at', '=', seen).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteSchedule(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('automation_schedules').where('id', '=', id).execute();
}
