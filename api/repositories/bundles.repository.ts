import type { Insertable, Updateable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { BundleQuotasTable, BundlesTable } from '../db/schema.js';

export function publishedBundles(db: DbOrTx) {
  return db.selectFrom('bundles').selectAll().where('published', '=', 1).orderBy('sort_order').execute();
}

export function quotasOfBundles(db: DbOrTx, bundleIds: string[]) {
  if (bundleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('bundle_quotas')
    .innerJoin('products', 'products.id', 'bundle_quotas.product_id')
    .select(['bundle_quotas.bundle_id', 'bundle_quotas.product_id', 'bundle_quotas.quota_type', 'bundle_quotas.quota', 'products.name', 'products.name_zh'])
    .where('bundle_quotas.bundle_id', 'in', bundleIds)
    .execute();
}

/** A bundle and its quota rows, to grant it; throws when there is no such bundle. */
export async function bundleWithQuotas(db: DbOrTx, bundleId: string) {
  const bundle = await db.selectFrom('bundles').selectAll().where('id', '=', bundleId).executeTakeFirstOrThrow();
  const quotas = await db.selectFrom('bundle_quotas').selectAll().where('bundle_id', '=', bundleId).execute();
  return { bundle, quotas };
}

/** The published trial bundle's id, if there is one. */
export async function publishedTrialBundleId(db: DbOrTx): Promise<string | undefined> {
  const row = await db.selectFrom('bundles').select('id').where('trial', '=', 1).where('published', '=', 1).orderBy('sort_order').executeTakeFirst();
  return row?.id;
}

/** The conversion types each of `bundleIds` lists; a bundle without rows includes every type. */
export function convertTypesOfBundles(db: DbOrTx, bundleIds: readonly string[]) {
  if (bundleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('bundle_convert_types')
    .select(['bundle_id', 'convert_type'])
    .where('bundle_id', 'in', [...new Set(bundleIds)])
    .orderBy('bundle_id')
    .orderBy('convert_type')
    .execute();
}

/** Replaces the conversion types a bundle lists (null or empty: every type). */
export async function setBundleConvertTypes(db: DbOrTx, bundleId: string, convertTypes: readonly string[] | null): Promise<void> {
  await db.deleteFrom('bundle_convert_types').where('bundle_id', '=', bundleId).execute();
  const types = [...new Set(convertTypes ?? [])];
  if (types.length) await db.insertInto('bundle_convert_types').values(types.map((t) => ({ bundle_id: bundleId, convert_type: t }))).execute();
}

/*
 * Writes of the admin area (api/services/admin-bundles.service.ts): this file is the one writer of
 * bundles, bundle_quotas and bundle_convert_types. The caller invalidates the bundle read cache.
 */

export async function insertBundle(db: DbOrTx, row: Insertable<BundlesTable>): Promise<void> {
  await db.insertInto('bundles').values(row).execute();
}

export async function updateBundle(db: DbOrTx, id: string, patch: Updateable<BundlesTable>): Promise<boolean> {
  const res = await db.updateTable('bundles').set(patch).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Replaces a bundle's quota items. */
export async function setBundleQuotas(db: DbOrTx, bundleId: string, quotas: readonly Omit<Insertable<BundleQuotasTable>, 'bundle_id'>[]): Promise<void> {
  await db.deleteFrom('bundle_quotas').where('bundle_id', '=', bundleId).execute();
  if (quotas.length) await db.insertInto('bundle_quotas').values(quotas.map((q) => ({ ...q, bundle_id: bundleId }))).execute();
}

/** Deletes a bundle and its items; the caller has checked that nobody holds it. */
export async function deleteBundle(db: DbOrTx, id: string): Promise<boolean> {
  await db.deleteFrom('bundle_quotas').where('bundle_id', '=', id).execute();
  await db.deleteFrom('bundle_convert_types').where('bundle_id', '=', id).execute();
  const res = await db.deleteFrom('bundles').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
