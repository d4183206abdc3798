import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against whatever schema exists at that point, not today's typed one
type AnyDb = Kysely<any>;

/**
 * Google sign-in (OpenID Connect). Accounts made by Google keep `users.password_hash` NOT NULL and
 * hold an unusable marker instead of a hash (see docs/google-sign-in.md): SQLite cannot drop a NOT
 * NULL without rebuilding the whole users table, and the marker can never verify a password.
 */
export async function up(db: AnyDb, { bigint }: MigrationContext): Promise<void> {
  // Which account an outside identity signs in to: one row per (provider, subject), never two accounts per Google subject.
  await db.schema
    .createTable('user_identities')
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_identities_pk', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('user_identities_user_idx').on('user_identities').column('user_id').execute();

  // A sign-in started and not yet back from the provider: found by the SHA-256 of its `state`, bound
  // to the browser by the SHA-256 of a cookie, used once (deleted when the browser comes back).
  await db.schema
    .createTable('oidc_flows')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('binding_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('redirect_uri', 'varchar(1000)', (c) => c.notNull())
    .addColumn('return_to', 'varchar(1000)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oidc_flows_expires_idx').on('oidc_flows').column('expires_at').execute();

  // An outside identity whose verified e-mail belongs to an existing account: linked only once the
  // browser holding the cookie proves that account's password. Short-lived.
  await db.schema
    .createTable('oidc_pending_links')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('return_to', 'varchar(1000)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oidc_pending_links_expires_idx').on('oidc_pending_links').column('expires_at').execute();
}
