import type { Insertable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { RefundsTable } from '../db/schema.js';

/** Logs a refund; the conversion id is unique, so a conversion is never logged (or refunded) twice. */
export async function insertRefund(db: DbOrTx, row: Insertable<RefundsTable>): Promise<void> {
  await db.insertInto('refunds').values(row).execute();
}

export function refundsOf(db: DbOrTx, userId: string) {
  return db.selectFrom('refunds').selectAll().where('user_id', '=', userId).orderBy('created_at', 'asc').execute();
}

/** Browser conversions the user started in [from, to). */
export async function countBrowserConversions(db: DbOrTx, userId: string, from: number, to: number): Promise<number> {
  const { n } = await db
    .selectFrom('conversions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('engine', '=', 'browser')
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Tool uses the page spent for operations on the device, in [from, to) (refunded ones included: they were started). */
export async function countDeviceToolUses(db: DbOrTx, userId: string, from: number, to: number): Promise<number> {
  const { n } = await db
    .selectFrom('tool_uses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('on_device', '=', 1)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Takes one device-side refund from the user's budget for `day` if fewer than `allowed` were
 * taken: one conditional UPDATE on the day's row (created first if missing), so concurrent
 * reports can never take more than `allowed` between them (the quota deduction's pattern).
 */
export async function takeDeviceRefund(db: DbOrTx, userId: string, day: string, allowed: number): Promise<boolean> {
  await db
    .insertInto('refund_days')
    .values({ user_id: userId, day })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .execute();
  const res = await db
    .updateTable('refund_days')
    .set((eb) => ({ device_refunds: eb('device_refunds', '+', 1) }))
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .where('device_refunds', '<', allowed)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
