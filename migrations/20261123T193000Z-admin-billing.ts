import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/**
 * Admin billing (issue 11): refunds of orders, the link from a membership's paid period to the
 * order that paid it, at most one trial bundle, and the indexes the order list, its CSV export
 * and the "is this bundle held?" check read. See docs/admin-billing.md.
 */
export async function up(db: AnyDb, { bigint }: MigrationContext): Promise<void> {
  // A refund in flight: set by the one request that claimed it (conditional on status 'paid'),
  // cleared when it ends. A claim older than the service's stale limit may be taken over.
  await db.schema.alterTable('orders').addColumn('refund_started_at', bigint).execute();
  await db.schema.alterTable('orders').addColumn('refunded_at', bigint).execute();
  await db.schema.alterTable('orders').addColumn('refund_reason', 'varchar(500)').execute();
  // The provider's refund id (Stripe re_…, sandbox re_sbx_…); null when nothing was paid through a provider.
  await db.schema.alterTable('orders').addColumn('refund_ref', 'varchar(255)').execute();
  // The admin list and the export page through every order newest first, keyset on (created_at, id).
  await db.schema.createIndex('orders_created_idx').on('orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('orders_bundle_idx').on('orders').columns(['bundle_id', 'status']).execute();

  // Which order paid a membership period: the first period is the subscription's own order, each
  // renewal an order made with it. Refunding an order takes back the quota of its period.
  await db.schema.alterTable('subscription_periods').addColumn('order_id', 'varchar(40)').execute();
  await sql`update subscription_periods set order_id = (
      select s.order_id from subscriptions s
      where s.id = subscription_periods.subscription_id and s.billing_anchor = subscription_periods.period_start)
    where order_id is null`.execute(db);
  await db.schema.createIndex('subscription_periods_order_idx').on('subscription_periods').column('order_id').execute();

  await db.schema.createIndex('bundle_grants_bundle_idx').on('bundle_grants').column('bundle_id').execute();
  await db.schema.createIndex('subscriptions_bundle_idx').on('subscriptions').column('bundle_id').execute();

  // At most one trial bundle (the one every new account gets): a partial unique index, the same
  // statement on SQLite and PostgreSQL, behind the admin service's own check.
  await sql`create unique index bundles_one_trial on bundles (trial) where trial = 1`.execute(db);
}
