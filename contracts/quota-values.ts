/**
 * Quota types and what reads them, apart from the schemas in quota.ts: the pricing page and the
 * shell use these, and importing them must not pull zod into a page that validates nothing.
 */
export const QUOTA_TYPES = ['TYPE_API', 'TYPE_SIZE', 'TYPE_BATCH_COUNT'] as const;
export type QuotaType = (typeof QUOTA_TYPES)[number];

/** Display value of a quota (spec §3): times, MB with 0 decimals, or files. */
export function formatQuotaValue(type: QuotaType, value: number): { value: string; unitKey: string } {
  switch (type) {
    case 'TYPE_SIZE':
      return { value: (value / 1024 / 1024).toFixed(0), unitKey: 'quota.units.mb' };
    case 'TYPE_BATCH_COUNT':
      return { value: String(value), unitKey: 'quota.units.files' };
    default:
      return { value: String(value), unitKey: 'quota.units.times' };
  }
}

/** Whether a bundle (its `features.convertTypes`) includes a conversion type; null: every type. */
export const bundleIncludes = (bundle: { features: { convertTypes: readonly string[] | null } }, convertType: string): boolean =>
  bundle.features.convertTypes === null || bundle.features.convertTypes.includes(convertType);

/** The published bundles' address (and the pricing page's data key): names and descriptions in `lang`. */
export const bundleListPath = (lang: 'en' | 'zh') => `/bundle/list?lang=${lang}`;
