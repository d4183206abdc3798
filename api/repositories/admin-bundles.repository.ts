import { sql } from 'kysely';
import { OrderStatus } from '@contracts/statuses.js';
import type { DbOrTx } from '../db/index.js';
import { escapeLike } from './like-pattern.js';

/** What the admin area reads about bundles (every bundle, published or not); writes are in bundles.repository.ts. */

export interface AdminBundleFilter {
  q?: string | undefined;
  published?: boolean | undefined;
  kind?: 'pack' | 'membership' | undefined;
  /** Bundles the admin lists never show (the internal bundle that support's hand grants hang on). */
  hiddenIds?: readonly string[];
}

function filtered(db: DbOrTx, f: AdminBundleFilter) {
  let q = db.selectFrom('bundles');
  if (f.hiddenIds?.length) q = q.where('id', 'not in', f.hiddenIds);
  if (f.published !== undefined) q = q.where('published', '=', f.published ? 1 : 0);
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.q) {
    const pattern = `%${escapeLike(f.q.toLowerCase())}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`lower(bundles.id)`, 'like', sql<string>`${pattern} escape '\\'`),
        eb(sql<string>`lower(bundles.name)`, 'like', sql<string>`${pattern} escape '\\'`),
        eb(sql<string>`lower(bundles.name_zh)`, 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  return q;
}


/** One page of bundles in their pricing-page order, and how many match. */
export async function pageAdminBundles(db: DbOrTx, f: AdminBundleFilter, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    filtered(db, f).selectAll().orderBy('sort_order').orderBy('id').offset(page.offset).limit(page.limit).execute(),
    filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findBundle(db: DbOrTx, id: string) {
  return db.selectFrom('bundles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Quota items of the bundles with their products' names. */
export function adminQuotasOfBundles(db: DbOrTx, bundleIds: readonly string[]) {
  if (bundleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('bundle_quotas')
    .innerJoin('products', 'products.id', 'bundle_quotas.product_id')
    .select(['bundle_quotas.bundle_id', 'bundle_quotas.product_id', 'bundle_quotas.quota_type', 'bundle_quotas.quota', 'products.name', 'products.name_zh'])
    .where('bundle_quotas.bundle_id', 'in', [...bundleIds])
    .orderBy('bundle_quotas.bundle_id')
    .orderBy('bundle_quotas.product_id')
    .orderBy('bundle_quotas.quota_type')
    .execute();
}

/** Per bundle: how many grants, orders (any status) and subscriptions refer to it. */
export async function holdersOfBundles(db: DbOrTx, bundleIds: readonly string[]): Promise<Map<string, { grants: number; orders: number; subscriptions: number }>> {
  const out = new Map(bundleIds.map((id) => [id, { grants: 0, orders: 0, subscriptions: 0 }]));
  if (bundleIds.length === 0) return out;
  const ids = [...bundleIds];
  const count = (table: 'bundle_grants' | 'orders' | 'subscriptions') =>
    db
      .selectFrom(table)
      .select(['bundle_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('bundle_id', 'in', ids)
      .groupBy('bundle_id')
      .execute();
  const [grants, orders, subs] = await Promise.all([count('bundle_grants'), count('orders'), count('subscriptions')]);
  for (const r of grants) out.get(r.bundle_id)!.grants = Number(r.n);
  for (const r of orders) out.get(r.bundle_id)!.orders = Number(r.n);
  for (const r of subs) out.get(r.bundle_id)!.subscriptions = Number(r.n);
  return out;
}

/** The bundle flagged as the trial, other than `exceptId`. */
export function otherTrialBundle(db: DbOrTx, exceptId: string | null) {
  let q = db.selectFrom('bundles').select(['id', 'name']).where('trial', '=', 1);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export function listProducts(db: DbOrTx) {
  return db.selectFrom('products').select(['id', 'name', 'name_zh']).orderBy('created_at').orderBy('id').execute();
}

/** Paid orders (not refunded) per bundle and currency, optionally paid within a range. */
export function revenueByBundle(db: DbOrTx, range: { fromMs: number | null; toMs: number | null }) {
  let q = db
    .selectFrom('orders')
    .select(['bundle_id', 'currency', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('amount').as('amount')])
    .where('status', '=', OrderStatus.PAID);
  if (range.fromMs !== null) q = q.where('paid_at', '>=', range.fromMs);
  if (range.toMs !== null) q = q.where('paid_at', '<=', range.toMs);
  return q.groupBy(['bundle_id', 'currency']).orderBy('bundle_id').orderBy('currency').execute();
}
