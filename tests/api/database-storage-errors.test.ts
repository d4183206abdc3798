import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contracts/error-codes.js';
import { userClient } from '../helpers/admin-clients.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

/**
 * The database refusing a write for want of room or a working disk answers like a file write does:
 * 50701 (full) or 50303 (down) with Retry-After, never 50001. The errors are the databases' own:
 * SQLite's query_only pragma, PostgreSQL's SQLSTATEs raised by a trigger on the users table.
 * (A real full disk under SQLite: tests/faults/database-disk-full.test.ts.)
 */
describe.each(testDialects())('database storage errors on %s', (dialect) => {
  let t: TestApp;
  let c: TestClient;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = (await userClient(t, 'dbfault')).c;
    await c.get('/api/v1/userInfo');
  });
  afterAll(async () => {
    if (dialect === 'postgres') await sql`drop trigger if exists users_fault on users`.execute(t.handle.db);
    await t.close();
  });

  const update = (name: string) => c.post<{ retryAfter?: number; down?: string[] }>('/api/v1/user/update', { name });
  const expectAnswer = async (name: string, code: number, down: string[] | undefined) => {
    const res = await update(name);
    expect(res.code, name).toBe(code);
    expect(res.status, name).toBe(code === ErrorCode.INSUFFICIENT_STORAGE ? 507 : 503);
    expect(Number(res.headers.get('retry-after')), name).toBeGreaterThan(0);
    expect(res.data.retryAfter, name).toBe(Number(res.headers.get('retry-after')));
    expect(res.data.down, name).toEqual(down);
  };

  it.runIf(dialect === 'sqlite')('SQLite refusing writes (SQLITE_READONLY) answers 50303, database down, and recovers', async () => {
    await sql`pragma query_only = on`.execute(t.handle.db);
    try {
      await expectAnswer('Read Only', ErrorCode.SERVICE_UNAVAILABLE, ['database']);
    } finally {
      await sql`pragma query_only = off`.execute(t.handle.db);
    }
    expect((await update('Writable')).code).toBe(200);
  });

  it.runIf(dialect === 'postgres')('each PostgreSQL storage or resource SQLSTATE answers 50701 or 50303, and the next write works', async () => {
    const cases: [string, number, string[] | undefined][] = [
      ['53100', ErrorCode.INSUFFICIENT_STORAGE, undefined], // disk_full
      ['53000', ErrorCode.SERVICE_UNAVAILABLE, ['database']], // insufficient_resources
      ['53200', ErrorCode.SERVICE_UNAVAILABLE, ['database']], // out_of_memory
      ['53300', ErrorCode.SERVICE_UNAVAILABLE, ['database']], // too_many_connections
      ['58030', ErrorCode.SERVICE_UNAVAILABLE, ['database']], // io_error
      ['25006', ErrorCode.SERVICE_UNAVAILABLE, ['database']], // read_only_sql_transaction
    ];
    for (const [state, code, down] of cases) {
      await sql
        .raw(`create or replace function users_fault() returns trigger language plpgsql as $$ begin raise exception 'simulated %' , '${state}' using errcode = '${state}'; end $$`)
        .execute(t.handle.db);
      await sql`create trigger users_fault before update on users for each row execute function users_fault()`.execute(t.handle.db);
      try {
        await expectAnswer(`State ${state}`, code, down);
      } finally {
        await sql`drop trigger users_fault on users`.execute(t.handle.db);
      }
    }
    expect((await update('Writable')).code).toBe(200);
  });
});
