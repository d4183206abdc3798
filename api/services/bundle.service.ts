import { bundleIncludes, type Bundle } from '@contracts/quota.js';
import type { DbOrTx } from '../db/index.js';
import { convertTypesOfBundles, publishedBundles, quotasOfBundles } from '../repositories/bundles.repository.js';
import { userQuotaEntries } from './my-products.js';
import { userLimits } from './quota.service.js';
import { CATALOGUE_TTL_MS, createReadCache } from './read-cache.js';

export type Lang = 'en' | 'zh';

/** Published bundles with their quotas, names in the caller's language; optionally only those granting `productId`. */
export async function listBundles(db: DbOrTx, lang: Lang, productId?: string): Promise<Bundle[]> {
  const bundles = await publishedBundles(db);
  const quotas = await quotasOfBundles(db, bundles.map((b) => b.id));
  const listedTypes = await convertTypesOfBundles(db, bundles.map((b) => b.id));
  /** Bundle id → the conversion types it lists; a bundle listing none includes every type. */
  const convertTypesOf = (bundleId: string) => {
    const types = listedTypes.filter((r) => r.bundle_id === bundleId).map((r) => r.convert_type);
    return types.length ? types : null;
  };
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
      features: { batch: b.batch === 1, convertTypes: convertTypesOf(b.id) },
      kind: b.kind,
      ...(b.kind === 'membership' && b.period_months ? { periodMonths: b.period_months as NonNullable<Bundle['periodMonths']> } : {}),
    }))
    .filter((b) => !productId || b.quotas.some((q) => q.productId === productId));
}

/** The user's quota items grouped by product and membership: api/services/my-products.ts. */
export { userQuotaEntries };

/** What the bundle and quota routes read, bound to the database and the clock. */
export function createBundleService(db: DbOrTx, now: () => number) {
  /** Every visitor of the pricing page reads this; it changes only when an admin publishes. */
  const published = createReadCache(CATALOGUE_TTL_MS, (lang: Lang) => listBundles(db, lang));
  return {
    limits: (userId: string, convertType?: string) => userLimits(db, userId, now(), convertType),
    quotaEntries: (userId: string, lang: Lang) => userQuotaEntries(db, userId, lang),
    list: (lang: Lang, productId?: string) => published.get(lang).then((all) => (productId ? all.filter((b) => b.quotas.some((q) => q.productId === productId)) : all)),
    /** Published bundles that include a conversion type (those listing every type too). */
    listIncluding: (lang: Lang, convertType: string) => published.get(lang).then((all) => all.filter((b) => bundleIncludes(b, convertType))),
    /** Call after publishing or changing a bundle. */
    invalidate: () => published.invalidate(),
  };
}
export type BundleService = ReturnType<typeof createBundleService>;
