import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contracts/error-codes.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { ApiAnswer, TestClient } from '../helpers/test-client.js';
import { managerClient, userClient } from '../helpers/admin-clients.js';

const ADMIN_PREFIX = '/api/v1/admin';

interface AdminRoute {
  method: string;
  path: string;
}

/** Every admin route as the app itself registered it (middleware entries are 'ALL'): a new route cannot be left out. */
function adminRoutes(t: TestApp): AdminRoute[] {
  const seen = new Set<string>();
  const routes: AdminRoute[] = [];
  for (const r of t.app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith(`${ADMIN_PREFIX}/`)) continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: r.method, path: r.path });
  }
  return routes;
}

/** Path parameters filled with an id no record has: the check must answer before any lookup. */
const concrete = (path: string) => path.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?/g, 'no-such-id');

function call(c: TestClient, r: AdminRoute): Promise<ApiAnswer> {
  const path = concrete(r.path);
  if (r.method === 'GET') return c.get(path);
  if (r.method === 'POST') return c.post(path, {});
  return c.send(r.method as 'PATCH' | 'PUT' | 'DELETE', path, {});
}

describe.each(testDialects())('admin authorization matrix on %s', (dialect) => {
  let t: TestApp;
  let signedOut: TestClient;
  let user: TestClient;
  let manager: TestClient;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    signedOut = t.client();
    user = (await userClient(t, 'authz')).c;
    manager = await managerClient(t);
  });
  afterAll(() => t.close());

  it('finds the admin routes in the app\'s route table', () => {
    const routes = adminRoutes(t);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toContain(`GET ${ADMIN_PREFIX}/audit`);
  });

  it('answers 40202 to a signed-out visitor on every admin route', async () => {
    for (const r of adminRoutes(t)) {
      const res = await call(signedOut, r);
      expect({ route: `${r.method} ${r.path}`, code: res.code }).toEqual({ route: `${r.method} ${r.path}`, code: ErrorCode.NOT_LOGGED_IN });
    }
  });

  it('answers 40301 to a signed-in user on every admin route', async () => {
    for (const r of adminRoutes(t)) {
      const res = await call(user, r);
      expect({ route: `${r.method} ${r.path}`, code: res.code }).toEqual({ route: `${r.method} ${r.path}`, code: ErrorCode.FORBIDDEN });
    }
  });

  it('lets the manager through on every admin route (lists answer 200)', async () => {
    for (const r of adminRoutes(t)) {
      const res = await call(manager, r);
      const route = `${r.method} ${r.path}`;
      expect({ route, denied: res.code === ErrorCode.NOT_LOGGED_IN || res.code === ErrorCode.FORBIDDEN, serverError: res.status >= 500 }).toEqual({ route, denied: false, serverError: false });
      // A download (the orders' CSV export) has no envelope: HTTP 200 with an attachment is its success.
      const download = res.status === 200 && /^attachment\b/.test(res.headers.get('content-disposition') ?? '');
      if (r.method === 'GET' && !r.path.includes(':')) expect({ route, code: download ? 200 : res.code }).toEqual({ route, code: 200 });
    }
  });

  it('refuses a path that matches no admin route the same way, so the table cannot be probed', async () => {
    expect((await signedOut.get(`${ADMIN_PREFIX}/no-such-page`)).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await user.get(`${ADMIN_PREFIX}/no-such-page`)).code).toBe(ErrorCode.FORBIDDEN);
    expect((await user.post(`${ADMIN_PREFIX}`, {})).code).toBe(ErrorCode.FORBIDDEN);
  });
});
