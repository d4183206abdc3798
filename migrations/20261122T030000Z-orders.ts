import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/** Orders for bundles, the payments made for them, and the provider events already handled. */
export async function up(db: AnyDb, { bigint }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bundle_id', 'varchar(40)', (c) => c.notNull().references('bundles.id'))
    // Snapshots at order time: a later change to the bundle does not change what was bought.
    .addColumn('bundle_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('bundle_name_zh', 'varchar(128)', (c) => c.notNull())
    .addColumn('amount', bigint, (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expire_at', bigint, (c) => c.notNull())
    .addColumn('paid_at', bigint)
    .addColumn('hidden_at', bigint)
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_expiry_idx').on('orders').columns(['status', 'expire_at']).execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    // The provider's checkout id (Stripe's cs_…); null until the provider answered.
    .addColumn('provider_ref', 'varchar(255)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('pay_url', 'varchar(2048)')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_order_idx').on('payments').column('order_id').execute();
  await db.schema.createIndex('payments_provider_ref_idx').on('payments').columns(['provider', 'provider_ref']).unique().execute();

  // A webhook event is handled once: a replay finds its (provider, event_id) here.
  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('received_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();
}
