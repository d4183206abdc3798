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
  /** What the product is, shown with its quota (spec §3 "detail"); '' until staff write one. */
  detail: Generated<string>;
  detail_zh: Generated<string>;
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

/**
 * Staff's settings per conversion card (`pdf-to-word`): a card without a row is on, `auto`, with
 * no cap of its own. A card is offered when its source's `convert_features` row and its own row
 * (if any) are both enabled (docs/admin-products.md).
 */
export interface ConvertToolsTable {
  convert_type: string;
  enabled: number;
  /** 'auto' | 'browser' | 'server' (contracts/convert-catalogue.ts ENGINE_PREFERENCES). */
  engine: string;
  /** Bytes; null: only the package's cap. */
  max_file_size: number | null;
  updated_at: number;
}

/** The AI products of spec §1 (QA bot, reading assistant, AI image tools, automation) and their settings. */
export interface WritingToolsTable {
  id: string;
  name: string;
  name_zh: string;
  enabled: number;
  /** TYPE_API units one use spends (≥ 1). */
  cost: number;
  /** A JSON object (≤ 8 KB) whose fields the AI issues define. */
  config_json: string;
  sort_order: number;
  /** 0 until staff change the tool. */
  updated_at: number;
}

export interface AppMetaTable {
  key: string;
  value: string;
}
