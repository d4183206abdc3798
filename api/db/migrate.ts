import { Migrator, type MigrationProvider } from 'kysely';
import { migrationsFor } from '../../migrations/index.js';
import type { DbHandle } from './index.js';

function migratorFor({ db, dialect, pgSchema }: DbHandle): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  // Kysely looks for its own tables across every schema; pin them to ours.
  return new Migrator({ db, provider, ...(pgSchema ? { migrationTableSchema: pgSchema } : {}) });
}

/** Brings the database to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest(handle: DbHandle): Promise<string[]> {
  const { error, results } = await migratorFor(handle).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${error instanceof Error ? String(error) : JSON.stringify(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of this code's migrations not yet applied to the database. Reads only: creates no table. */
export async function pendingMigrations(handle: DbHandle): Promise<string[]> {
  const migrations = await migratorFor(handle).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
