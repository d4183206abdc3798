import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { withStatementCache } from './statement-cache.js';

export type Db = Kysely<Database>;
export type DbOrTx = Kysely<Database> | Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface OpenDbOptions {
  /** postgres:// URL; otherwise SQLite at `sqlitePath`. */
  databaseUrl?: string | undefined;
  sqlitePath?: string;
  /** PostgreSQL schema to use (tests give each run its own). */
  pgSchema?: string;
  /** Told of connection errors that no query is waiting for (the database went away); never throws. */
  onConnectionError?: (err: Error) => void;
}

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL schema in use, when not the default. */
  pgSchema?: string | undefined;
  /** Connections for /metrics: the pool's on PostgreSQL; SQLite has its one connection, in use only during a statement. */
  poolStats(): DbPoolStats;
  close(): Promise<void>;
}

export interface DbPoolStats {
  /** Connections allowed. */
  max: number;
  /** Connections open, and those of them idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

const PG_POOL_MAX = 10;

// int8 (COUNT, bigint epoch-ms columns) would otherwise arrive as strings.
pg.types.setTypeParser(20, (v) => Number(v));

export function openDb(opts: OpenDbOptions): DbHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: PG_POOL_MAX,
      // A database that is down answers each request with 50303 in seconds instead of hanging it.
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    // Without these listeners a lost connection is an 'error' event nobody handles, which ends the
    // process. The pool drops broken clients itself and reconnects when the database is back.
    const onError = (err: Error) => opts.onConnectionError?.(err);
    pool.on('error', onError);
    pool.on('connect', (client) => client.on('error', onError));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const poolStats = () => ({ max: PG_POOL_MAX, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, dialect: 'postgres', pgSchema: opts.pgSchema, poolStats, close: () => db.destroy() };
  }
  const path = opts.sqlitePath ?? ':memory:';
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  // With WAL, NORMAL syncs at checkpoints instead of every commit: still crash-safe (a power cut
  // can lose only the last commits, never corrupt the file), and the request thread no longer
  // waits on the disk at each write.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  // better-sqlite3 is synchronous: between two statements (whenever this is read) its one connection is idle.
  const poolStats = () => ({ max: 1, total: sqlite.open ? 1 : 0, idle: sqlite.open ? 1 : 0, waiting: 0 });
  return { db, dialect: 'sqlite', poolStats, close: () => db.destroy() };
}

/** Runs `fn` in one transaction; kysely commits on return and rolls back on throw. */
export function transaction<T>(db: Db, fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(fn);
}
