import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/**
 * What keeps quota from being talked out of the service: rate-limit counters every instance sees,
 * the free trial once per mailbox (and, with SMTP, only after the address is verified), and a log
 * and daily budget of refunds.
 */
export async function up(db: AnyDb, { bigint }: MigrationContext): Promise<void> {
  // Not unique: one person may keep several accounts (e.g. work+x@ and work+y@); only the trial is once per mailbox.
  await db.schema.alterTable('users').addColumn('email_normalized', 'varchar(254)').execute();
  await db.schema.alterTable('users').addColumn('email_verified_at', bigint).execute();
  await db.schema.createIndex('users_email_normalized_idx').on('users').column('email_normalized').execute();

  // One row per mailbox that got the trial; the primary key makes the grant once-only even for racing registrations.
  // No foreign key: deleting the account must not free the mailbox for another trial.
  await db.schema
    .createTable('trial_claims')
    .addColumn('email_normalized', 'varchar(254)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('claimed_at', bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('email_verifications')
    // SHA-256 of the token in the link: a leaked table does not verify anyone.
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('used_at', bigint)
    .execute();
  await db.schema.createIndex('email_verifications_user_idx').on('email_verifications').column('user_id').execute();

  // Every refund of conversion units, browser or server: who, which conversion, how much, why, when.
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('conversion_id', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('engine', 'varchar(16)', (c) => c.notNull())
    .addColumn('quota_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('units', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refunds_user_idx').on('refunds').columns(['user_id', 'created_at']).execute();

  // Browser refunds used per user and UTC day: a conditional UPDATE on this row is the atomic cap.
  await db.schema
    .createTable('refund_days')
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('browser_refunds', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('refund_days_pk', ['user_id', 'day'])
    .execute();

  // rate-limiter-flexible's counter layout (key, points, expire), written through kysely.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', bigint)
    .execute();
  await db.schema.createIndex('rate_limits_expire_idx').on('rate_limits').column('expire').execute();

  await backfill(db);
}

/** Existing accounts: their normalised address, and a claim for each trial already granted. */
async function backfill(db: AnyDb): Promise<void> {
  const users = (await db.selectFrom('users').select(['id', 'email', 'created_at']).execute()) as { id: string; email: string; created_at: number }[];
  const withTrial = new Set(
    ((await db.selectFrom('bundle_grants').select('user_id').where('source', '=', 'trial').execute()) as { user_id: string }[]).map((r) => r.user_id),
  );
  for (const u of users) {
    const normalized = normalizeEmailAsOf20261123(u.email);
    await db.updateTable('users').set({ email_normalized: normalized }).where('id', '=', u.id).execute();
    if (withTrial.has(u.id)) {
      await db
        .insertInto('trial_claims')
        .values({ email_normalized: normalized, user_id: u.id, claimed_at: Number(u.created_at) })
        .onConflict((oc) => oc.column('email_normalized').doNothing())
        .execute();
    }
  }
}

/**
 * api/services/email-identity.ts `normalizeEmail` as it stood when this migration was written,
 * copied rather than imported: a migration must do the same thing forever, whatever later
 * changes make of the API's code (and migrations/ imports nothing of api/ but api/db types:
 * .dependency-cruiser.cjs). A later change to the rule gets a migration of its own.
 */
function normalizeEmailAsOf20261123(email: string): string {
  const dotless: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const shared = dotless[domain];
  if (shared) {
    domain = shared;
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}
