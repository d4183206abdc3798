import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_CSV_COLUMNS } from '@contracts/admin/orders.js';
import { EXPORT_BATCH } from '../../api/services/admin-orders.service.js';
import { packBody } from '../helpers/admin-billing.js';
import { managerClient, userClient } from '../helpers/admin-clients.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

const ORDERS = 10_000;
const T0 = Date.parse('2026-06-01T00:00:00Z');
const EXPORT = '/api/v1/admin/orders/export.csv';

/** V8's collector, so heap figures are what is still reachable rather than garbage not yet collected. */
function exposeGc(): (() => void) | null {
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return null;
  }
}

describe.each(testDialects())('admin order CSV export on %s', (dialect) => {
  let t: TestApp;
  let manager: TestClient;
  let oldestId = '';

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await managerClient(t);
    expect((await manager.post('/api/v1/admin/bundles', packBody('csv-pack', { published: false }))).code).toBe(200);
    const { userId } = await userClient(t, 'csv');
    const user = await t.handle.db.selectFrom('users').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
    // Inserted directly, 500 per statement. After the first (the oldest, alone at T0), three orders
    // share each second, so the keyset's id tie-break is exercised.
    for (let start = 0; start < ORDERS; start += 500) {
      const rows = Array.from({ length: 500 }, (_, k) => {
        const i = start + k;
        const at = i === 0 ? T0 : T0 + (1 + Math.floor((i - 1) / 3)) * 1000;
        return {
          id: randomUUID(),
          user_id: user.id,
          bundle_id: 'csv-pack',
          bundle_name: i % 1000 === 7 ? '=HYPERLINK("http://evil.test")' : 'CSV pack, "quoted"',
          bundle_name_zh: '导出测试',
          amount: 1299,
          currency: 'USD',
          status: i % 4 === 0 ? ('paying' as const) : ('paid' as const),
          created_at: at,
          expire_at: at + 1000,
          paid_at: i % 4 === 0 ? null : at,
          hidden_at: null,
          updated_at: at,
        };
      });
      if (start === 0) oldestId = rows[0]!.id;
      await t.handle.db.insertInto('orders').values(rows).execute();
    }
  }, 120_000);
  afterAll(() => t.close());

  it('streams every matching order as CSV, one database batch per chunk, read only as the client reads', async () => {
    const res = await manager.raw(`${EXPORT}?bundle=csv-pack`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-.*\.csv"$/);
    const reader = res.body!.getReader();
    // ignoreBOM: keep the byte-order mark in the text, to check it is there.
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    let chunks = 0;
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      text += decoder.decode(value, { stream: true });
      // The check that fails for a buffered export: after the header and the first batch, the
      // oldest order (in the last batch) changes. A server that read every order before sending
      // its first byte would still write the old name.
      if (chunks === 2) await t.handle.db.updateTable('orders').set({ bundle_name: 'changed after the first batch' }).where('id', '=', oldestId).execute();
    }
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = Papa.parse<string[]>(text.slice(1).trimEnd(), { newline: '\r\n' }).data;
    expect(rows[0]).toEqual([...ORDER_CSV_COLUMNS]);
    const data = rows.slice(1);
    expect(data).toHaveLength(ORDERS);
    expect(new Set(data.map((r) => r[0])).size).toBe(ORDERS);
    expect(chunks).toBe(1 + ORDERS / EXPORT_BATCH);
    const last = data.at(-1)!;
    expect([last[0], last[6]]).toEqual([oldestId, 'changed after the first batch']);
    // Quoting and the formula guard: the cell reads as text in a spreadsheet.
    expect(data.filter((r) => r[6] === '\'=HYPERLINK("http://evil.test")')).toHaveLength(ORDERS / 1000);
    expect(data.filter((r) => r[6] === 'CSV pack, "quoted"').length).toBe(ORDERS - ORDERS / 1000 - 1);
    expect(data[0]).toMatchObject({ 2: 'paid', 5: 'csv-pack', 7: '导出测试', 8: 'pack', 9: '12.99', 10: 'USD' });
  });

  it('keeps the server\'s heap far below the file while streaming it', async () => {
    const gc = exposeGc();
    if (!gc) return;
    // The JS heap plus ArrayBuffers (encoded chunks live outside the heap proper).
    const held = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    gc();
    const base = held();
    const res = await manager.raw(`${EXPORT}?bundle=csv-pack`);
    const reader = res.body!.getReader();
    let bytes = 0;
    let peak = 0;
    for (let n = 0; ; n++) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (n % 3 === 0) {
        gc();
        peak = Math.max(peak, held() - base);
      }
    }
    // About 2 MB of CSV; what stays reachable between reads is one batch at most.
    expect(bytes).toBeGreaterThan(1_500_000);
    expect(peak).toBeLessThan(bytes / 4);
  });

  it('applies the list\'s filters to the export', async () => {
    const res = await manager.raw(`${EXPORT}?bundle=csv-pack&status=paying&to=2026-06-01`);
    // Response.text() drops the byte-order mark.
    const rows = Papa.parse<string[]>((await res.text()).trimEnd(), { newline: '\r\n' }).data.slice(1);
    // Created on 1 June: the first 86,400 s hold 3 orders a second, all 10,000; a quarter of them are paying.
    expect(rows).toHaveLength(ORDERS / 4);
    expect(new Set(rows.map((r) => r[2]))).toEqual(new Set(['paying']));
    expect((await manager.get(`${EXPORT}?status=lost`)).code).toBe(40001);
  });
});
