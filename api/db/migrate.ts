import { Migrator, type MigrationProvider } from 'kysely';
import { migrationsFor } from '../../migrations/index.js';
import type { DbHandle } from './index.js';

/** Brings the database to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest({ db, dialect, pgSchema }: DbHandle): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  // Kysely looks for its own tables across every schema; pin them to ours.
  const migrator = new Migrator({ db, provider, ...(pgSchema ? { migrationTableSchema: pgSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${error instanceof Error ? String(error) : JSON.stringify(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
