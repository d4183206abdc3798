import type { DbOrTx } from '../db/index.js';

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
