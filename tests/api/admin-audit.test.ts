import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@contracts/admin/audit.js';
import { recordAudit } from '../../api/services/audit.service.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';
import { managerClient } from '../helpers/admin-clients.js';

const DAY = 86_400_000;
const T0 = Date.parse('2026-11-01T12:00:00Z');

describe.each(testDialects())('admin audit log on %s', (dialect) => {
  let t: TestApp;
  let manager: TestClient;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await managerClient(t);
    const alice = { id: 'staff-a', name: 'Alice' };
    const bob = { id: 'staff-b', name: 'bob' };
    await recordAudit(t.handle.db, alice, { action: 'bundle.create', targetType: 'bundle', targetId: 'b1', before: null, after: { price: 999 } }, T0);
    await recordAudit(t.handle.db, alice, { action: 'bundle.update', targetType: 'bundle', targetId: 'b1', before: { price: 999 }, after: { price: 1299 } }, T0 + DAY);
    await recordAudit(t.handle.db, bob, { action: 'bundles.odd', targetType: 'bundle', targetId: 'b2', before: null, after: null }, T0 + 2 * DAY);
    await recordAudit(t.handle.db, bob, { action: 'order.refund', targetType: 'order', targetId: 'o1', before: { status: 'paid' }, after: { status: 'refunded' } }, T0 + 3 * DAY);
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await manager.get<AuditPage>(`/api/v1/admin/audit${query}`);
    expect(res.code).toBe(200);
    return res.data;
  };

  it('lists entries newest first with before and after as values', async () => {
    const page = await list('');
    expect(page.total).toBe(4);
    expect(page.list.map((e) => e.action)).toEqual(['order.refund', 'bundles.odd', 'bundle.update', 'bundle.create']);
    expect(page.list[2]).toMatchObject({ actorId: 'staff-a', actorName: 'Alice', targetType: 'bundle', targetId: 'b1', before: { price: 999 }, after: { price: 1299 }, createTime: new Date(T0 + DAY).toISOString() });
  });

  it('filters by action prefix (whole segments), actor (any case), record and day range, and pages', async () => {
    expect((await list('?action=bundle')).list.map((e) => e.action)).toEqual(['bundle.update', 'bundle.create']);
    expect((await list('?actor=ALICE')).total).toBe(2);
    expect((await list('?targetType=order&targetId=o1')).list.map((e) => e.targetId)).toEqual(['o1']);
    expect((await list('?from=2026-11-02&to=2026-11-03')).list.map((e) => e.action)).toEqual(['bundles.odd', 'bundle.update']);
    const second = await list('?page=2&pageSize=3');
    expect({ total: second.total, actions: second.list.map((e) => e.action) }).toEqual({ total: 4, actions: ['bundle.create'] });
  });

  it('refuses a bad page size or date with 40001', async () => {
    expect((await manager.get('/api/v1/admin/audit?pageSize=1000')).code).toBe(40001);
    expect((await manager.get('/api/v1/admin/audit?from=yesterday')).code).toBe(40001);
  });
});
