import type { ProductQuota } from '@contracts/quota.js';
import type { DbOrTx } from '../db/index.js';
import { allUserQuotas } from '../repositories/quota.repository.js';
import { grantsOfUser, subscriptionsOfUser } from '../repositories/subscriptions.repository.js';
import { toMembership } from './membership-info.js';

type Lang = 'en' | 'zh';

/**
 * The user's quota items grouped as My products shows them (spec §3 "Quota entry per product"):
 * one entry per product for everything bought once (packs, the trial, admin grants), and one
 * entry per product and membership for a membership's periods, carrying its renewal state. Each
 * item names the package that granted it; each entry lists what those packages include.
 */
export async function userQuotaEntries(db: DbOrTx, userId: string, lang: Lang): Promise<ProductQuota[]> {
  const [rows, grants, subscriptions] = await Promise.all([allUserQuotas(db, userId), grantsOfUser(db, userId), subscriptionsOfUser(db, userId)]);
  const grantOf = new Map(grants.map((g) => [g.grant_id, g]));
  const subscriptionOf = new Map(subscriptions.map((s) => [s.id, s]));
  const entries = new Map<string, ProductQuota>();
  for (const r of rows) {
    const grant = grantOf.get(r.grant_id);
    const sub = grant?.subscription_id ? subscriptionOf.get(grant.subscription_id) : undefined;
    const key = sub ? `${r.product_id}|${sub.id}` : r.product_id;
    const entry = entries.get(key) ?? {
      productInfo: { productId: r.product_id, imageUrl: r.image_url, productName: lang === 'zh' ? r.name_zh : r.name, detail: lang === 'zh' ? r.detail_zh : r.detail },
      quotaInfo: [],
      ...(sub ? { membership: toMembership(sub) } : {}),
      packages: [],
    };
    entry.quotaInfo.push({
      quotaType: r.quota_type,
      quota: r.quota,
      availQuota: r.avail_quota,
      validDate: new Date(r.valid_date).toISOString(),
      ...(grant ? { bundleId: grant.bundle_id, bundleName: lang === 'zh' ? grant.name_zh : grant.name } : {}),
    });
    if (grant && !entry.packages?.some((p) => p.bundleId === grant.bundle_id)) {
      entry.packages?.push({ bundleId: grant.bundle_id, name: lang === 'zh' ? grant.name_zh : grant.name, desc: lang === 'zh' ? grant.desc_zh : grant.desc });
    }
    entries.set(key, entry);
  }
  return [...entries.values()];
}
