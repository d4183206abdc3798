import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contracts/error-codes.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';

interface Ready {
  status: string;
  checks: { database: string; migrations: string };
}
interface Down {
  retryAfter: number;
  down: string[];
  pending?: string[];
}

describe.each(testDialects())('GET /health/ready on %s', (dialect) => {
  const apps: TestApp[] = [];
  const app = async () => {
    const t = await createTestApp(dialect);
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  let t: TestApp;
  beforeAll(async () => {
    t = await app();
  });

  it('answers 200 on a migrated database that answers', async () => {
    const res = await t.client().get<Ready>('/api/v1/health/ready');
    expect({ status: res.status, code: res.code }).toEqual({ status: 200, code: ErrorCode.OK });
    expect(res.data).toMatchObject({ status: 'ready', checks: { database: 'up', migrations: 'applied' } });
  });

  it('answers 50303 (HTTP 503, Retry-After) naming the migrations while one is not applied', async () => {
    const behind = await app();
    // Kysely's own record of the applied migrations: forget the newest, as if this code were one migration ahead.
    const table = sql.table(DEFAULT_MIGRATION_TABLE);
    const { rows } = await sql<{ name: string }>`select name from ${table} order by name desc limit 1`.execute(behind.handle.db);
    const name = rows[0]!.name;
    await sql`delete from ${table} where name = ${name}`.execute(behind.handle.db);
    const res = await behind.client().get<Down>('/api/v1/health/ready');
    expect({ status: res.status, code: res.code }).toEqual({ status: 503, code: ErrorCode.SERVICE_UNAVAILABLE });
    expect(res.data).toMatchObject({ down: ['migrations'], pending: [name] });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Liveness is another question: the process is up and its database answers.
    expect((await behind.client().get('/api/v1/health')).code).toBe(ErrorCode.OK);
  });

  it('answers 50303 naming the database once it cannot be reached', async () => {
    const closed = await app();
    expect((await closed.client().get('/api/v1/health/ready')).code).toBe(ErrorCode.OK);
    // Closes the connections only (the test app's close drops the PostgreSQL schema later).
    await closed.handle.db.destroy();
    const res = await closed.client().get<Down>('/api/v1/health/ready');
    expect({ status: res.status, code: res.code }).toEqual({ status: 503, code: ErrorCode.SERVICE_UNAVAILABLE });
    expect(res.data.down).toEqual(['database']);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
