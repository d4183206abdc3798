import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { BundleGrantsTable, QuotaType, UserQuotasTable } from '../db/schema.js';

export type QuotaRow = Selectable<UserQuotasTable>;

export function liveQuotas(db: DbOrTx, userId: string, productId: string, now: number): Promise<QuotaRow[]> {
  return db
    .selectFrom('user_quotas')
    .selectAll()
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('valid_date', '>', now)
    .orderBy('valid_date', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function allUserQuotas(db: DbOrTx, userId: string) {
  return db
    .selectFrom('user_quotas')
    .innerJoin('products', 'products.id', 'user_quotas.product_id')
    .select(['user_quotas.product_id', 'user_quotas.grant_id', 'user_quotas.quota_type', 'user_quotas.quota', 'user_quotas.avail_quota', 'user_quotas.valid_date', 'products.name', 'products.name_zh', 'products.image_url', 'products.detail', 'products.detail_zh'])
    .where('user_quotas.user_id', '=', userId)
    .orderBy('user_quotas.valid_date', 'desc')
    .execute();
}

export async function insertGrant(db: DbOrTx, row: Insertable<BundleGrantsTable>, quotas: Insertable<UserQuotasTable>[]): Promise<void> {
  await db.insertInto('bundle_grants').values(row).execute();
  if (quotas.length) await db.insertInto('user_quotas').values(quotas).execute();
}

/**
 * Spends `units` from one quota row if, and only if, it still has them: one conditional UPDATE,
 * so concurrent requests can never spend the same unit.
 */
export async function deductUnits(db: DbOrTx, quotaId: string, units: number): Promise<boolean> {
  const res = await db
    .updateTable('user_quotas')
    .set((eb) => ({ avail_quota: eb('avail_quota', '-', units) }))
    .where('id', '=', quotaId)
    .where('avail_quota', '>=', units)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function returnUnits(db: DbOrTx, quotaId: string, units: number): Promise<void> {
  await db
    .updateTable('user_quotas')
    .set((eb) => ({ avail_quota: eb('avail_quota', '+', units) }))
    .where('id', '=', quotaId)
    .execute();
}

export function typeRows(rows: QuotaRow[], type: QuotaType): QuotaRow[] {
  return rows.filter((r) => r.quota_type === type);
}

/**
 * Every quota row the user holds or held for a product, live or not, with the bundle that granted
 * it: what package gating decides on (api/services/package-gate.ts). Small: a few rows per grant.
 */
export function quotasWithBundles(db: DbOrTx, userId: string, productId: string): Promise<(QuotaRow & { bundle_id: string })[]> {
  return db
    .selectFrom('user_quotas')
    .innerJoin('bundle_grants', 'bundle_grants.id', 'user_quotas.grant_id')
    .selectAll('user_quotas')
    .select('bundle_grants.bundle_id')
    .where('user_quotas.user_id', '=', userId)
    .where('user_quotas.product_id', '=', productId)
    .orderBy('user_quotas.valid_date', 'asc')
    .orderBy('user_quotas.id', 'asc')
    .execute();
}

/**
 * Takes back what is left of grants (a refunded order's): their quota items keep what was spent
 * and have nothing left, and they and the grants end at `at` (so they no longer give batch or
 * file-size allowances either). Rows already ended keep their end.
 */
export async function revokeGrants(db: DbOrTx, grantIds: readonly string[], at: number): Promise<void> {
  if (grantIds.length === 0) return;
  const ids = [...grantIds];
  await db.updateTable('user_quotas').set({ avail_quota: 0 }).where('grant_id', 'in', ids).execute();
  await db.updateTable('user_quotas').set({ valid_date: at }).where('grant_id', 'in', ids).where('valid_date', '>', at).execute();
  await db.updateTable('bundle_grants').set({ valid_date: at }).where('id', 'in', ids).where('valid_date', '>', at).execute();
}

