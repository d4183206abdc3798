import { expect } from 'vitest';
import type { CreateBundleRequest } from '@contracts/admin/bundles.js';
import type { AuditPage } from '@contracts/admin/audit.js';
import type { Order, PaymentCreated } from '@contracts/orders.js';
import type { Limit } from '@contracts/quota.js';
import type { TestClient } from './test-client.js';

/** A pack as the bundle editor sends it; `over` changes any field. */
export function packBody(id: string, over: Partial<CreateBundleRequest> = {}): Partial<CreateBundleRequest> {
  return {
    id,
    name: `Pack ${id}`,
    nameZh: `套餐 ${id}`,
    desc: 'For tests',
    descZh: '测试用',
    price: 1299,
    currency: 'USD',
    kind: 'pack',
    duration: 'ONE_MONTH',
    quotas: [
      { productId: 'convert', quotaType: 'TYPE_API', quota: 150 },
      { productId: 'convert', quotaType: 'TYPE_SIZE', quota: 20 * 1024 * 1024 },
      { productId: 'convert', quotaType: 'TYPE_BATCH_COUNT', quota: 5 },
    ],
    convertTypes: ['pdf-to-word'],
    batch: true,
    published: true,
    sortOrder: 50,
    ...over,
  };
}

/** Orders a bundle and pays it on the sandbox checkout, as the payment pages do. */
export async function buyWithSandbox(c: TestClient, bundleId: string): Promise<Order> {
  const order = await c.post<Order>('/api/v1/order/create', { bundleId });
  expect(order.code).toBe(200);
  const pay = await c.post<PaymentCreated>('/api/v1/payment/create', { orderId: order.data.orderId });
  expect(pay.code).toBe(200);
  const paymentId = /^\/payment\/sandbox\/([\w-]+)$/.exec(pay.data.payUrl)![1]!;
  const paid = await c.post<Order>(`/api/v1/payment/sandbox/${paymentId}/pay`, null);
  expect([paid.code, paid.data.status]).toEqual([200, 'paid']);
  return paid.data;
}

export const availCount = async (c: TestClient) => (await c.get<Limit>('/api/v1/config/limit')).data.availCount;

/** Audit entries of one action on one record. */
export async function auditOf(manager: TestClient, action: string, targetId: string) {
  const res = await manager.get<AuditPage>(`/api/v1/admin/audit?action=${action}&targetId=${encodeURIComponent(targetId)}&pageSize=100`);
  expect(res.code).toBe(200);
  return res.data.list.filter((e) => e.action === action);
}
