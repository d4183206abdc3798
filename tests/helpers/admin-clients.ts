import { expect } from 'vitest';
import { ADMIN_TEST_PASSWORD, type TestApp } from './test-app.js';
import type { TestClient } from './test-client.js';

export const USER_PASSWORD = 'Sunny-Day7';
let seq = 0;

/** A client signed in as the seeded manager account (`admin`). */
export async function managerClient(t: TestApp): Promise<TestClient> {
  const c = t.client();
  const res = await c.post('/api/v1/user/login', { userId: 'admin', password: ADMIN_TEST_PASSWORD });
  expect(res.code).toBe(200);
  return c;
}

/** A client signed in as a freshly registered ordinary user. */
export async function userClient(t: TestApp, prefix = 'u'): Promise<{ c: TestClient; userId: string; email: string }> {
  const c = t.client();
  const userId = `${prefix}${++seq}${Math.random().toString(36).slice(2, 7)}`;
  const email = `${userId}@example.com`;
  const res = await c.post('/api/v1/user/register', { userId, password: USER_PASSWORD, email, agree: true });
  expect(res.code).toBe(200);
  return { c, userId, email };
}

/** A fresh user with their internal id and a reader of the uses (TYPE_API units) they have left. */
export async function apiUseAccount(t: TestApp, prefix: string): Promise<{ client: TestClient; id: string; left: () => Promise<number> }> {
  const { c: client, userId } = await userClient(t, prefix);
  const row = await t.handle.db.selectFrom('users').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
  const left = async () => {
    const rows = await t.handle.db.selectFrom('user_quotas').select('avail_quota').where('user_id', '=', row.id).where('quota_type', '=', 'TYPE_API').execute();
    return rows.reduce((sum, r) => sum + r.avail_quota, 0);
  };
  return { client, id: row.id, left };
}
