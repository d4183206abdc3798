import type { Bundle, ProductQuota } from '@contracts/quota.js';
import type { DbOrTx } from '../db/index.js';
import { publishedBundles, quotasOfBundles } from '../repositories/bundles.repository.js';
import { allUserQuotas } from '../repositories/quota.repository.js';
import { userLimits } from './quota.service.js';
import { CATALOGUE_TTL_MS, createReadCache } from './read-cache.js';

export type Lang = 'en' | 'zh';

/** Published bundles with their quotas, names in the caller's language; optionally only those granting `productId`. */
export async function listBundles(db: DbOrTx, lang: Lang, productId?: string): Promise<Bundle[]> {
  const bundles = await publishedBundles(db);
  const quotas = await quotasOfBundles(db, bundles.map((b) => b.id));
  return bundles
    .map((b) => ({
      id: b.id,
      name: lang === 'zh' ? b.name_zh : b.name,
      desc: lang === 'zh' ? b.desc_zh : b.desc,
      bundleIcon: b.bundle_icon,
      price: b.price,
      currency: b.currency,
      duration: b.duration as Bundle['duration'],
      trial: b.trial === 1,
      quotas: quotas
        .filter((q) => q.bundle_id === b.id)
        .map((q) => ({ productId: q.product_id, productName: lang === 'zh' ? q.name_zh : q.name, quotaType: q.quota_type, quota: q.quota })),
      features: { batch: b.batch === 1 },
    }))
    .filter((b) => !productId || b.quotas.some((q) => q.productId === productId));
}

/** The user's quota items grouped by product (spec §3 "Quota entry per product"). */
export async function userQuotaEntries(db: DbOrTx, userId: string, lang: Lang): Promise<ProductQuota[]> {
  const rows = await allUserQuotas(db, userId);
  const byProduct = new Map<string, ProductQuota>();
  for (const r of rows) {
    const entry = byProduct.get(r.product_id) ?? {
      productInfo: { productId: r.product_id, imageUrl: r.image_url, productName: lang === 'zh' ? r.name_zh : r.name },
      quotaInfo: [],
    };
    entry.quotaInfo.push({ quotaType: r.quota_type, quota: r.quota, availQuota: r.avail_quota, validDate: new Date(r.valid_date).toISOString() });
    byProduct.set(r.product_id, entry);
  }
  return [...byProduct.values()];
}

/** What the bundle and quota routes read, bound to the database and the clock. */
export function createBundleService(db: DbOrTx, now: () => number) {
  /** Every visitor of the pricing page reads this; it changes only when an admin publishes. */
  const published = createReadCache(CATALOGUE_TTL_MS, (lang: Lang) => listBundles(db, lang));
  return {
    limits: (userId: string) => userLimits(db, userId, now()),
    quotaEntries: (userId: string, lang: Lang) => userQuotaEntries(db, userId, lang),
    list: (lang: Lang, productId?: string) => published.get(lang).then((all) => (productId ? all.filter((b) => b.quotas.some((q) => q.productId === productId)) : all)),
    /** Call after publishing or changing a bundle. */
    invalidate: () => published.invalidate(),
  };
}
export type BundleService = ReturnType<typeof createBundleService>;
