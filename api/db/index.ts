import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type DbOrTx = Kysely<Database> | Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface OpenDbOptions {
  /** postgres:// URL; otherwise SQLite at `sqlitePath`. */
  databaseUrl?: string | undefined;
  sqlitePath?: string;
  /** PostgreSQL schema to use (tests give each run its own). */
  pgSchema?: string;
}

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL schema in use, when not the default. */
  pgSchema?: string | undefined;
  close(): Promise<void>;
}

// int8 (COUNT, bigint epoch-ms columns) would otherwise arrive as strings.
pg.types.setTypeParser(20, (v) => Number(v));

export function openDb(opts: OpenDbOptions): DbHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', pgSchema: opts.pgSchema, close: () => db.destroy() };
  }
  const path = opts.sqlitePath ?? ':memory:';
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Runs `fn` in one transaction; kysely commits on return and rolls back on throw. */
export function transaction<T>(db: Db, fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(fn);
}
