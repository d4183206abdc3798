import { sql, type ExpressionBuilder } from 'kysely';
import type { MembershipStatus, OrderStatus } from '@contracts/statuses.js';
import { PaymentStatus } from '@contracts/statuses.js';
import type { DbOrTx } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { escapeLike } from './like-pattern.js';

/** What the admin area reads about orders, memberships and grants; order writes are in orders.repository.ts. */

export interface AdminOrderFilter {
  status?: OrderStatus | undefined;
  fromMs: number | null;
  toMs: number | null;
  /** Public user id or e-mail, exact, lower-cased by the caller. */
  user?: string | undefined;
  bundle?: string | undefined;
  /** Free text, lower-cased by the caller. */
  q?: string | undefined;
  kind?: 'pack' | 'membership' | undefined;
}

type OrdersEb = ExpressionBuilder<Database & { u: Database['users']; b: Database['bundles'] }, 'orders' | 'u' | 'b'>;
const contains = (eb: OrdersEb, column: string, pattern: string) => eb(sql.ref(column), 'like', sql<string>`${pattern} escape '\\'`);

function filtered(db: DbOrTx, f: AdminOrderFilter) {
  let q = db.selectFrom('orders').innerJoin('users as u', 'u.id', 'orders.user_id').innerJoin('bundles as b', 'b.id', 'orders.bundle_id');
  if (f.status) q = q.where('orders.status', '=', f.status);
  if (f.fromMs !== null) q = q.where('orders.created_at', '>=', f.fromMs);
  if (f.toMs !== null) q = q.where('orders.created_at', '<=', f.toMs);
  if (f.bundle) q = q.where('orders.bundle_id', '=', f.bundle);
  if (f.kind) q = q.where('b.kind', '=', f.kind);
  if (f.user) {
    const user = f.user;
    q = q.where((eb) => eb.or([eb('u.user_id_lower', '=', user), eb('u.email_lower', '=', user)]));
  }
  if (f.q) {
    const pattern = `%${escapeLike(f.q)}%`;
    q = q.where((eb) => eb.or([contains(eb, 'orders.id', pattern), contains(eb, 'u.user_id_lower', pattern), contains(eb, 'u.email_lower', pattern)]));
  }
  return q;
}

const ORDER_COLUMNS = [
  'orders.id',
  'orders.user_id',
  'orders.bundle_id',
  'orders.bundle_name',
  'orders.bundle_name_zh',
  'orders.amount',
  'orders.currency',
  'orders.status',
  'orders.created_at',
  'orders.paid_at',
  'orders.refund_started_at',
  'orders.refunded_at',
  'orders.refund_reason',
  'orders.refund_ref',
  'u.user_id as public_user_id',
  'u.email',
  'b.kind',
] as const;

/** One page of orders, newest first, and how many match. */
export async function pageAdminOrders(db: DbOrTx, f: AdminOrderFilter, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    filtered(db, f).select(ORDER_COLUMNS).orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').offset(page.offset).limit(page.limit).execute(),
    filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
export type AdminOrderRow = Awaited<ReturnType<typeof pageAdminOrders>>['rows'][number];

/**
 * The next `limit` matching orders after `after` in (created_at, id) descending order: keyset
 * paging, so each batch is one indexed range read whatever its depth, and no row is read twice.
 */
export function adminOrdersAfter(db: DbOrTx, f: AdminOrderFilter, after: { createdAt: number; id: string } | null, limit: number): Promise<AdminOrderRow[]> {
  let q = filtered(db, f);
  if (after) {
    q = q.where((eb) => eb.or([eb('orders.created_at', '<', after.createdAt), eb.and([eb('orders.created_at', '=', after.createdAt), eb('orders.id', '<', after.id)])]));
  }
  return q.select(ORDER_COLUMNS).orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(limit).execute();
}

export function findAdminOrder(db: DbOrTx, orderId: string): Promise<AdminOrderRow | undefined> {
  return filtered(db, { fromMs: null, toMs: null }).select(ORDER_COLUMNS).where('orders.id', '=', orderId).executeTakeFirst();
}

/** The paid payment of each order (provider and checkout), for those paid through a checkout. */
export async function paidPaymentsOf(db: DbOrTx, orderIds: readonly string[]) {
  if (orderIds.length === 0) return new Map<string, { provider: 'sandbox' | 'stripe'; providerRef: string | null }>();
  const rows = await db
    .selectFrom('payments')
    .select(['order_id', 'provider', 'provider_ref'])
    .where('order_id', 'in', [...orderIds])
    .where('status', '=', PaymentStatus.PAID)
    .orderBy('updated_at')
    .execute();
  return new Map(rows.map((r) => [r.order_id, { provider: r.provider, providerRef: r.provider_ref }]));
}

/**
 * The membership behind each order: the subscription it bought, or the one whose period it paid
 * (a renewal), with that period's invoice.
 */
export async function subscriptionsOfOrders(db: DbOrTx, orderIds: readonly string[]) {
  const out = new Map<string, { subscriptionId: string; invoiceRef: string | null }>();
  if (orderIds.length === 0) return out;
  const ids = [...orderIds];
  const [periods, bought] = await Promise.all([
    db.selectFrom('subscription_periods').select(['order_id', 'subscription_id', 'invoice_ref']).where('order_id', 'in', ids).execute(),
    db.selectFrom('subscriptions').select(['order_id', 'id']).where('order_id', 'in', ids).execute(),
  ]);
  for (const s of bought) out.set(s.order_id, { subscriptionId: s.id, invoiceRef: null });
  for (const p of periods) if (p.order_id) out.set(p.order_id, { subscriptionId: p.subscription_id, invoiceRef: p.invoice_ref });
  return out;
}

/**
 * The grants an order made: a pack's (source 'order') or the membership period it paid; and their
 * quota items with the products' names.
 */
export async function grantedByOrder(db: DbOrTx, orderId: string, userId: string) {
  const grants = await db
    .selectFrom('bundle_grants')
    .select(['id'])
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb.and([eb('source', '=', 'order'), eb('source_ref', '=', orderId)]),
        eb('id', 'in', eb.selectFrom('subscription_periods').select('grant_id').where('order_id', '=', orderId)),
      ]),
    )
    .execute();
  const grantIds = grants.map((g) => g.id);
  const items = grantIds.length
    ? await db
        .selectFrom('user_quotas')
        .innerJoin('products', 'products.id', 'user_quotas.product_id')
        .select(['user_quotas.id', 'user_quotas.product_id', 'user_quotas.quota_type', 'user_quotas.quota', 'user_quotas.avail_quota', 'user_quotas.valid_date', 'products.name', 'products.name_zh'])
        .where('user_quotas.grant_id', 'in', grantIds)
        .orderBy('user_quotas.product_id')
        .orderBy('user_quotas.quota_type')
        .execute()
    : [];
  return { grantIds, items };
}

export interface AdminMembershipFilter {
  status?: MembershipStatus | undefined;
  user?: string | undefined;
  bundle?: string | undefined;
  q?: string | undefined;
}

function membershipsFiltered(db: DbOrTx, f: AdminMembershipFilter) {
  let q = db.selectFrom('subscriptions as s').innerJoin('users as u', 'u.id', 's.user_id').innerJoin('bundles as b', 'b.id', 's.bundle_id');
  if (f.status) q = q.where('s.status', '=', f.status);
  if (f.bundle) q = q.where('s.bundle_id', '=', f.bundle);
  if (f.user) {
    const user = f.user;
    q = q.where((eb) => eb.or([eb('u.user_id_lower', '=', user), eb('u.email_lower', '=', user)]));
  }
  if (f.q) {
    const pattern = sql<string>`${`%${escapeLike(f.q)}%`} escape '\\'`;
    q = q.where((eb) =>
      eb.or([eb(sql.ref('s.id'), 'like', pattern), eb(sql.ref('s.order_id'), 'like', pattern), eb('u.user_id_lower', 'like', pattern), eb('u.email_lower', 'like', pattern)]),
    );
  }
  return q;
}

/** One page of memberships, newest first. */
export async function pageMemberships(db: DbOrTx, f: AdminMembershipFilter, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    membershipsFiltered(db, f)
      .selectAll('s')
      .select(['u.user_id as public_user_id', 'u.email', 'b.name as bundle_name', 'b.name_zh as bundle_name_zh'])
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    membershipsFiltered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
export type AdminMembershipRow = Awaited<ReturnType<typeof pageMemberships>>['rows'][number];

export function findMembership(db: DbOrTx, subscriptionId: string): Promise<AdminMembershipRow | undefined> {
  return membershipsFiltered(db, {})
    .selectAll('s')
    .select(['u.user_id as public_user_id', 'u.email', 'b.name as bundle_name', 'b.name_zh as bundle_name_zh'])
    .where('s.id', '=', subscriptionId)
    .executeTakeFirst();
}
