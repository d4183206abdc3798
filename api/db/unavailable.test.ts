import { rename, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFault, type DatabaseFault } from './unavailable';

/** What the driver throws for a statement, or a failure if it does not throw. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (err) {
    return err;
  }
  throw new Error('the statement did not fail');
}

describe('database faults on SQLite', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'docuflow-dbfault-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  // better-sqlite3's own error class, with the primary and extended result codes SQLite reports.
  it.each<[string, DatabaseFault | null]>([
    ['SQLITE_FULL', 'full'],
    ['SQLITE_READONLY', 'storage'],
    ['SQLITE_READONLY_DBMOVED', 'storage'],
    ['SQLITE_READONLY_RECOVERY', 'storage'],
    ['SQLITE_READONLY_DIRECTORY', 'storage'],
    ['SQLITE_IOERR', 'storage'],
    ['SQLITE_IOERR_WRITE', 'storage'],
    ['SQLITE_IOERR_FSYNC', 'storage'],
    ['SQLITE_IOERR_SHORT_READ', 'storage'],
    ['SQLITE_BUSY', 'unreachable'],
    ['SQLITE_BUSY_SNAPSHOT', 'unreachable'],
    ['SQLITE_CONSTRAINT_UNIQUE', null],
    ['SQLITE_ERROR', null],
    ['SQLITE_MISMATCH', null],
  ])('%s → %s', (code, fault) => {
    expect(databaseFault(new SQLite.SqliteError('from SQLite', code))).toBe(fault);
  });

  it('classes what SQLite really throws: a write to a read-only database, and to one moved away', async () => {
    const path = join(dir, 'a.db');
    const db = new SQLite(path);
    db.pragma('journal_mode = DELETE');
    db.exec('create table t (a)');
    const readonly = new SQLite(path, { readonly: true });
    const ro = thrownBy(() => readonly.exec('insert into t values (1)'));
    expect((ro as { code: string }).code).toBe('SQLITE_READONLY');
    expect(databaseFault(ro)).toBe('storage');
    readonly.close();
    await rename(path, join(dir, 'b.db'));
    const moved = thrownBy(() => db.exec('insert into t values (1)'));
    expect((moved as { code: string }).code).toBe('SQLITE_READONLY_DBMOVED');
    expect(databaseFault(moved)).toBe('storage');
    db.close();
    expect(databaseFault(thrownBy(() => new SQLite(':memory:').exec('select * from missing')))).toBeNull();
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('database faults on PostgreSQL', () => {
  const client = new pg.Client({ connectionString: url });
  beforeAll(() => client.connect());
  afterAll(() => client.end());

  /** The error PostgreSQL itself sends for this SQLSTATE. */
  const raised = (state: string) => client.query(`do $$ begin raise exception 'simulated' using errcode = '${state}'; end $$`).then(() => Promise.reject(new Error('no error')), (err: unknown) => err);

  it.each<[string, DatabaseFault | null]>([
    ['53100', 'full'], // disk_full
    ['58030', 'storage'], // io_error
    ['53000', 'unreachable'], // insufficient_resources
    ['53200', 'unreachable'], // out_of_memory
    ['53300', 'unreachable'], // too_many_connections
    ['25006', 'unreachable'], // read_only_sql_transaction (a standby)
    ['08006', 'unreachable'], // connection_failure
    ['57P01', 'unreachable'], // admin_shutdown
    ['53400', null], // configuration_limit_exceeded: a query's fault
    ['23505', null], // unique_violation
    ['22P02', null], // invalid_text_representation
  ])('SQLSTATE %s → %s', async (state, fault) => {
    const err = await raised(state);
    expect((err as { code?: string }).code).toBe(state);
    expect(databaseFault(err)).toBe(fault);
    // Also when a layer above wraps it.
    expect(databaseFault(new Error('wrapped', { cause: err }))).toBe(fault);
  });
});
