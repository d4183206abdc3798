import type { Dialect } from '../api/db/index.js';

/** What a migration may branch on: column types only (STYLE.md). */
export interface MigrationContext {
  dialect: Dialect;
  /** 64-bit integer column type (epoch milliseconds, byte counts). */
  bigint: 'bigint' | 'integer';
}

export function migrationContext(dialect: Dialect): MigrationContext {
  return { dialect, bigint: dialect === 'postgres' ? 'bigint' : 'integer' };
}
