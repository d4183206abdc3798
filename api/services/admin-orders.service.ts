import { dateRangeMs } from '@contracts/admin/common.js';
import {
  ORDER_CSV_COLUMNS,
  type AdminMembership,
  type AdminMembershipPage,
  type AdminMembershipQuery,
  type AdminOrder,
  type AdminOrderDetail,
  type AdminOrderFilters,
  type AdminOrderPage,
  type AdminOrderQuery,
  type BundleRevenue,
  type GrantedQuota,
  type RevenueQuery,
} from '@contracts/admin/orders.js';
import { ErrorCode } from '@contracts/error-codes.js';
import type { Db, DbOrTx } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import { revenueByBundle } from '../repositories/admin-bundles.repository.js';
import {
  adminOrdersAfter,
  findAdminOrder,
  findMembership,
  grantedByOrder,
  pageAdminOrders,
  pageMemberships,
  paidPaymentsOf,
  subscriptionsOfOrders,
  type AdminMembershipRow,
  type AdminOrderFilter,
  type AdminOrderRow,
} from '../repositories/admin-orders.repository.js';
import { CSV_BOM, csvLines } from './orders-csv.js';

/** Orders read per database query while exporting: memory stays at one batch whatever the total. */
export const EXPORT_BATCH = 500;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function filterOf(q: AdminOrderFilters): AdminOrderFilter {
  const { fromMs, toMs } = dateRangeMs(q.from, q.to);
  return {
    status: q.status === 'all' ? undefined : q.status,
    fromMs,
    toMs,
    user: q.user ? q.user.toLowerCase() : undefined,
    bundle: q.bundle || undefined,
    q: q.q ? q.q.toLowerCase() : undefined,
    kind: q.kind === 'all' ? undefined : q.kind,
  };
}

/** Rows with their payment and membership, as the admin API shows them. */
export async function toAdminOrders(db: DbOrTx, rows: readonly AdminOrderRow[]): Promise<AdminOrder[]> {
  const ids = rows.map((r) => r.id);
  const [payments, subs] = await Promise.all([paidPaymentsOf(db, ids), subscriptionsOfOrders(db, ids)]);
  return rows.map((r) => ({
    orderId: r.id,
    userRef: r.user_id,
    userId: r.public_user_id,
    email: r.email,
    bundleId: r.bundle_id,
    bundleName: r.bundle_name,
    bundleNameZh: r.bundle_name_zh,
    kind: r.kind,
    orderAmount: r.amount,
    currency: r.currency,
    status: r.status,
    gmtCreate: new Date(r.created_at).toISOString(),
    paidAt: iso(r.paid_at),
    refundedAt: iso(r.refunded_at),
    refundReason: r.refund_reason,
    refundRef: r.refund_ref,
    payment: payments.get(r.id)?.provider ?? null,
    subscriptionId: subs.get(r.id)?.subscriptionId ?? null,
    refunding: r.refund_started_at !== null && r.status === 'paid',
  }));
}

export function toAdminMembership(s: AdminMembershipRow): AdminMembership {
  return {
    subscriptionId: s.id,
    userRef: s.user_id,
    userId: s.public_user_id,
    email: s.email,
    bundleId: s.bundle_id,
    bundleName: s.bundle_name,
    bundleNameZh: s.bundle_name_zh,
    orderId: s.order_id,
    provider: s.provider,
    status: s.status,
    periodMonths: s.period_months,
    amount: s.amount,
    currency: s.currency,
    currentPeriodStart: iso(s.current_period_start),
    currentPeriodEnd: iso(s.current_period_end),
    cancelAtPeriodEnd: s.cancel_at_period_end === 1,
    createTime: new Date(s.created_at).toISOString(),
    endedAt: iso(s.ended_at),
  };
}

/** The quota items an order granted, as they are now. */
export async function grantedQuota(db: DbOrTx, orderId: string, userId: string): Promise<{ grantIds: string[]; items: GrantedQuota[] }> {
  const { grantIds, items } = await grantedByOrder(db, orderId, userId);
  return {
    grantIds,
    items: items.map((q) => ({
      productId: q.product_id,
      productName: q.name,
      productNameZh: q.name_zh,
      quotaType: q.quota_type,
      quota: q.quota,
      availQuota: q.avail_quota,
      validDate: new Date(q.valid_date).toISOString(),
    })),
  };
}

/** One CSV line's cells, in ORDER_CSV_COLUMNS order. */
function csvCells(o: AdminOrder): (string | number | null)[] {
  const cells: Record<(typeof ORDER_CSV_COLUMNS)[number], string | number | null> = {
    orderId: o.orderId,
    createdAt: o.gmtCreate,
    status: o.status,
    userId: o.userId,
    email: o.email,
    bundleId: o.bundleId,
    bundleName: o.bundleName,
    bundleNameZh: o.bundleNameZh,
    kind: o.kind,
    // Cents as the spec shows them: divided by 100 with two decimals.
    amount: (o.orderAmount / 100).toFixed(2),
    currency: o.currency,
    payment: o.payment,
    paidAt: o.paidAt,
    refundedAt: o.refundedAt,
    refundReason: o.refundReason,
  };
  return ORDER_CSV_COLUMNS.map((c) => cells[c]);
}

/** Reading orders and memberships for the admin area: lists, one order, revenue, and the streamed CSV export. */
export function createAdminOrderService(db: Db) {
  return {
    async list(q: AdminOrderQuery): Promise<AdminOrderPage> {
      const { rows, total } = await pageAdminOrders(db, filterOf(q), { offset: (q.page - 1) * q.pageSize, limit: q.pageSize });
      return { list: await toAdminOrders(db, rows), total };
    },

    /** One order with what a refund would take back and its membership; 40404 for an unknown id. */
    async detail(orderId: string): Promise<AdminOrderDetail> {
      const row = await findAdminOrder(db, orderId);
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'No such order');
      const [order] = await toAdminOrders(db, [row]);
      const { items } = await grantedQuota(db, orderId, row.user_id);
      const sub = order!.subscriptionId ? await findMembership(db, order!.subscriptionId) : undefined;
      return { order: order!, granted: items, subscription: sub ? toAdminMembership(sub) : null };
    },

    async memberships(q: AdminMembershipQuery): Promise<AdminMembershipPage> {
      const filter = { status: q.status === 'all' ? undefined : q.status, user: q.user?.toLowerCase() || undefined, bundle: q.bundle || undefined, q: q.q?.toLowerCase() || undefined };
      const { rows, total } = await pageMemberships(db, filter, { offset: (q.page - 1) * q.pageSize, limit: q.pageSize });
      return { list: rows.map(toAdminMembership), total };
    },

    async revenue(q: RevenueQuery): Promise<BundleRevenue[]> {
      const rows = await revenueByBundle(db, dateRangeMs(q.from, q.to));
      return rows.map((r) => ({ bundleId: r.bundle_id, currency: r.currency, orders: Number(r.n), amount: Number(r.amount ?? 0) }));
    },

    /**
     * The matching orders as CSV, newest first, produced as the client reads it: each pull reads
     * the next EXPORT_BATCH orders (keyset on created_at, id) and writes them, so neither the
     * database result nor the file is ever held whole. No transaction spans the export: an order
     * changing meanwhile shows as it was when its batch was read.
     */
    exportCsv(q: AdminOrderFilters): ReadableStream<Uint8Array> {
      const filter = filterOf(q);
      const encoder = new TextEncoder();
      let after: { createdAt: number; id: string } | null = null;
      let headerSent = false;
      return new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            if (!headerSent) {
              headerSent = true;
              controller.enqueue(encoder.encode(CSV_BOM + csvLines([ORDER_CSV_COLUMNS])));
              return;
            }
            const rows = await adminOrdersAfter(db, filter, after, EXPORT_BATCH);
            if (rows.length > 0) {
              const last = rows[rows.length - 1]!;
              after = { createdAt: last.created_at, id: last.id };
              controller.enqueue(encoder.encode(csvLines((await toAdminOrders(db, rows)).map(csvCells))));
            }
            if (rows.length < EXPORT_BATCH) controller.close();
          },
        },
        // Nothing is read ahead of the client: a batch is fetched only when the last one was taken.
        { highWaterMark: 0 },
      );
    },
  };
}

export type AdminOrderService = ReturnType<typeof createAdminOrderService>;
