import { sql } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import { escapeLike } from './like-pattern.js';

/**
 * What the admin users page reads: accounts by user id or e-mail, and one account's quota items,
 * orders and conversions. Reads only; each table keeps its one writer elsewhere.
 */

/** `q` lower-cased: user id or e-mail starting with it, exact matches first, then newest accounts. */
export async function searchUsers(db: DbOrTx, q: string | undefined, page: { offset: number; limit: number }) {
  const filtered = () => {
    const base = db.selectFrom('users');
    if (!q) return base;
    const prefix = `${escapeLike(q)}%`;
    return base.where((eb) =>
      eb.or([eb('id', '=', q), sql<boolean>`user_id_lower like ${prefix} escape '\\'`, sql<boolean>`email_lower like ${prefix} escape '\\'`]),
    );
  };
  let ordered = filtered().selectAll();
  if (q) ordered = ordered.orderBy(sql<number>`case when user_id_lower = ${q} or email_lower = ${q} or id = ${q} then 0 else 1 end`);
  const [rows, count] = await Promise.all([
    ordered.orderBy('created_at', 'desc').orderBy('id').offset(page.offset).limit(page.limit).execute(),
    filtered().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Every quota item of the account with the grant and bundle behind it, newest validity first (at most `limit`). */
export function quotaItemsOfUser(db: DbOrTx, userId: string, limit: number) {
  return db
    .selectFrom('user_quotas as q')
    .innerJoin('bundle_grants as g', 'g.id', 'q.grant_id')
    .innerJoin('bundles as b', 'b.id', 'g.bundle_id')
    .innerJoin('products as p', 'p.id', 'q.product_id')
    .select(['q.grant_id', 'q.product_id', 'q.quota_type', 'q.quota', 'q.avail_quota', 'q.valid_date', 'g.source', 'g.bundle_id', 'b.name as bundle_name', 'b.name_zh as bundle_name_zh', 'p.name as product_name', 'p.name_zh as product_name_zh'])
    .where('q.user_id', '=', userId)
    .orderBy('q.valid_date', 'desc')
    .orderBy('q.id')
    .limit(limit)
    .execute();
}

/** The account's latest orders, hidden ones included. */
export function latestOrdersOfUser(db: DbOrTx, userId: string, limit: number) {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
}

/** The account's latest conversions. */
export function latestConversionsOfUser(db: DbOrTx, userId: string, limit: number) {
  return db
    .selectFrom('conversions')
    .select(['id', 'convert_type', 'engine', 'status', 'file_count', 'total_bytes', 'units', 'refunded', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Conversions per type since `since`, most used first. */
export async function conversionCountsSince(db: DbOrTx, userId: string, since: number) {
  const rows = await db
    .selectFrom('conversions')
    .select((eb) => ['convert_type', eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .groupBy('convert_type')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('convert_type')
    .execute();
  return rows.map((r) => ({ convertType: r.convert_type, count: Number(r.n) }));
}

/** Products quota can be granted for. */
export function allProducts(db: DbOrTx) {
  return db.selectFrom('products').select(['id', 'name', 'name_zh']).orderBy('created_at').orderBy('id').execute();
}
