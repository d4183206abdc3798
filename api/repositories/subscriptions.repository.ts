import type { Insertable, Selectable, Updateable } from 'kysely';
import { MembershipStatus } from '@contracts/statuses.js';
import type { DbOrTx } from '../db/index.js';
import type { PaymentProviderName, SubscriptionPeriodsTable, SubscriptionsTable } from '../db/schema.js';

export type SubscriptionRow = Selectable<SubscriptionsTable>;

/** Statuses that still renew or hold a period: everything but ended. */
const LIVE_STATUSES = [MembershipStatus.ACTIVE, MembershipStatus.CANCELLING, MembershipStatus.PAYMENT_DUE];

/**
 * Inserts a subscription unless one exists for its provider reference (or its order); false then.
 * ON CONFLICT DO NOTHING: two events racing to create the same subscription make one row.
 */
export async function insertSubscriptionIfAbsent(db: DbOrTx, row: Insertable<SubscriptionsTable>): Promise<boolean> {
  const res = await db.insertInto('subscriptions').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export function findSubscriptionByRef(db: DbOrTx, provider: PaymentProviderName, ref: string) {
  return db.selectFrom('subscriptions').selectAll().where('provider', '=', provider).where('provider_subscription_id', '=', ref).executeTakeFirst();
}

export function findSubscriptionOfOrder(db: DbOrTx, orderId: string) {
  return db.selectFrom('subscriptions').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export function findUserSubscription(db: DbOrTx, id: string, userId: string) {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The user's membership of `bundleId` that has not ended, if any. */
export function findLiveSubscription(db: DbOrTx, userId: string, bundleId: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('bundle_id', '=', bundleId)
    .where('status', 'in', LIVE_STATUSES)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export async function updateSubscription(db: DbOrTx, id: string, patch: Updateable<SubscriptionsTable>): Promise<void> {
  await db.updateTable('subscriptions').set(patch).where('id', '=', id).execute();
}

/**
 * Records a paid period; false when that period (or that invoice) was recorded before. This row
 * is what makes a period's quota granted exactly once, on SQLite and PostgreSQL alike.
 */
export async function insertPeriodIfAbsent(db: DbOrTx, row: Insertable<SubscriptionPeriodsTable>): Promise<boolean> {
  const res = await db.insertInto('subscription_periods').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Subscriptions of `provider` whose paid period is over at `now` and that have not ended: renewals (or endings) due. */
export function dueSubscriptions(db: DbOrTx, provider: PaymentProviderName, now: number, limit: number) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('provider', '=', provider)
    .where('status', 'in', LIVE_STATUSES)
    .where('current_period_end', 'is not', null)
    .where('current_period_end', '<=', now)
    .orderBy('current_period_end', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/** Every grant of the user with the bundle that made it and, for a membership period, its subscription. */
export function grantsOfUser(db: DbOrTx, userId: string) {
  return db
    .selectFrom('bundle_grants')
    .innerJoin('bundles', 'bundles.id', 'bundle_grants.bundle_id')
    .leftJoin('subscription_periods', 'subscription_periods.grant_id', 'bundle_grants.id')
    .select([
      'bundle_grants.id as grant_id',
      'bundle_grants.bundle_id',
      'bundles.name',
      'bundles.name_zh',
      'bundles.desc',
      'bundles.desc_zh',
      'subscription_periods.subscription_id',
    ])
    .where('bundle_grants.user_id', '=', userId)
    .execute();
}

export function subscriptionsOfUser(db: DbOrTx, userId: string) {
  return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
}
