import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/**
 * Memberships: bundles are a one-off 'pack' (every bundle so far) or a 'membership' that renews
 * every `period_months`; a subscription per membership bought; one row per paid period, so that a
 * period's quota is granted exactly once whatever the provider replays.
 */
export async function up(db: AnyDb, { bigint }: MigrationContext): Promise<void> {
  await db.schema.alterTable('bundles').addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('pack')).execute();
  await db.schema.alterTable('bundles').addColumn('period_months', 'integer').execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bundle_id', 'varchar(40)', (c) => c.notNull().references('bundles.id'))
    // The order that bought it (its first period); renewals are paid orders of their own.
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    // Stripe's sub_…, or the sandbox's sub_sbx_….
    .addColumn('provider_subscription_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    // What each period costs: the price when it was bought.
    .addColumn('amount', bigint, (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('period_months', 'integer', (c) => c.notNull())
    // The first paid period's start: later periods are counted from it.
    .addColumn('billing_anchor', bigint)
    // The last paid period; null until the first is paid.
    .addColumn('current_period_start', bigint)
    .addColumn('current_period_end', bigint)
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    // The provider time of the newest event applied to the status: an older one arriving late does not undo it.
    .addColumn('state_at', bigint)
    .addColumn('ended_at', bigint)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_provider_ref_idx').on('subscriptions').columns(['provider', 'provider_subscription_id']).unique().execute();
  await db.schema.createIndex('subscriptions_order_idx').on('subscriptions').column('order_id').unique().execute();
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').columns(['user_id', 'bundle_id']).execute();
  await db.schema.createIndex('subscriptions_due_idx').on('subscriptions').columns(['provider', 'status', 'current_period_end']).execute();

  // One row per paid period: the primary key is the idempotency record that grants it once.
  await db.schema
    .createTable('subscription_periods')
    .addColumn('subscription_id', 'varchar(40)', (c) => c.notNull().references('subscriptions.id').onDelete('cascade'))
    .addColumn('period_start', bigint, (c) => c.notNull())
    .addColumn('period_end', bigint, (c) => c.notNull())
    // The provider's invoice (Stripe's in_…); a second invoice for a paid period grants nothing.
    .addColumn('invoice_ref', 'varchar(255)', (c) => c.notNull())
    .addColumn('grant_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('subscription_periods_pk', ['subscription_id', 'period_start'])
    .execute();
  await db.schema.createIndex('subscription_periods_invoice_idx').on('subscription_periods').columns(['subscription_id', 'invoice_ref']).unique().execute();
}
