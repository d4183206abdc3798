import type { Generated } from 'kysely';
import type { BundleKind } from '@contracts/memberships.js';
import type { QuotaType } from '@contracts/quota.js';

/** What is on offer: products, bundles with their quotas and conversion types, the conversion catalogue. */

export interface ProductsTable {
  id: string;
  name: string;
  name_zh: string;
  image_url: string;
  created_at: number;
}

export interface BundlesTable {
  id: string;
  name: string;
  name_zh: string;
  desc: string;
  desc_zh: string;
  bundle_icon: string;
  price: number;
  currency: string;
  duration: string;
  trial: number;
  published: number;
  batch: number;
  sort_order: number;
  created_at: number;
  updated_at: number;
  /** 'pack' (paid once) or 'membership' (renews every period_months); default 'pack'. */
  kind: Generated<BundleKind>;
  /** 1, 6 or 12 for a membership; null for a pack. */
  period_months: number | null;
}

export interface BundleQuotasTable {
  bundle_id: string;
  product_id: string;
  quota_type: QuotaType;
  quota: number;
}

/**
 * The conversion types (card keys, e.g. `pdf-to-word`) a bundle includes. A bundle with no rows
 * includes every type (see docs/package-gating.md).
 */
export interface BundleConvertTypesTable {
  bundle_id: string;
  convert_type: string;
}

export interface ConvertFeaturesTable {
  id: string;
  /** JSON array of target extensions. */
  converts_json: string;
  enabled: number;
  sort_order: number;
}

export interface AppMetaTable {
  key: string;
  value: string;
}
