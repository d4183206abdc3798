import { z } from 'zod';
import { BUNDLE_KINDS, MEMBERSHIP_PERIOD_MONTHS, membershipInfoSchema } from './memberships.js';
import { convertTypeSchema } from './documents.js';

import { QUOTA_TYPES } from './quota-values.js';

export { bundleIncludes, formatQuotaValue, QUOTA_TYPES, type QuotaType } from './quota-values.js';

export const limitSchema = z.object({
  /** Whether any live bundle allows more than one file at a time. */
  batch: z.boolean(),
  maxBatchCount: z.number().int(),
  /** Bytes. */
  maxFileSize: z.number().int(),
  /** Conversions left across live bundles. */
  availCount: z.number().int(),
});
export type Limit = z.infer<typeof limitSchema>;

export const quotaItemSchema = z.object({
  quotaType: z.enum(QUOTA_TYPES),
  quota: z.number(),
  availQuota: z.number(),
  validDate: z.string(),
  /** The bundle (package) that granted the item, named in the caller's language. */
  bundleId: z.string().optional(),
  bundleName: z.string().optional(),
});

export const productQuotaSchema = z.object({
  /** `detail` (added): the product's detail text in the caller's language, '' when staff wrote none. */
  productInfo: z.object({ productId: z.string(), imageUrl: z.string(), productName: z.string(), detail: z.string().optional() }),
  quotaInfo: z.array(quotaItemSchema),
  /** Set on the entry of a membership: its quota items are that membership's periods only. */
  membership: membershipInfoSchema.optional(),
  /** What the packages behind the items include (spec §3 "detail"), in the caller's language. */
  packages: z.array(z.object({ bundleId: z.string(), name: z.string(), desc: z.string() })).optional(),
});
export type ProductQuota = z.infer<typeof productQuotaSchema>;

export const bundleSchema = z.object({
  id: z.string(),
  name: z.string(),
  desc: z.string(),
  bundleIcon: z.string(),
  price: z.number().int(),
  currency: z.string(),
  duration: z.enum(['ONE_DAY', 'THREE_DAYS', 'ONE_WEEK', 'ONE_MONTH', 'ONE_QUARTER', 'HALF_YEAR', 'ONE_YEAR']),
  trial: z.boolean(),
  quotas: z.array(z.object({ productId: z.string(), productName: z.string(), quotaType: z.enum(QUOTA_TYPES), quota: z.number() })),
  features: z.object({
    batch: z.boolean(),
    /** The conversion types (card keys, e.g. `pdf-to-word`) the bundle includes; null: every type. */
    convertTypes: z.array(z.string()).nullable(),
  }),
  /**
   * 'pack': paid once; 'membership': renews every `periodMonths` until cancelled
   * (contracts/memberships.ts). The API always sends it; absent reads as 'pack'.
   */
  kind: z.enum(BUNDLE_KINDS).optional(),
  periodMonths: z.literal([...MEMBERSHIP_PERIOD_MONTHS]).optional(),
});
export type Bundle = z.infer<typeof bundleSchema>;

/** GET /bundle/list?convertType=: only the bundles that include that conversion type. */
export const bundleListQuerySchema = z.object({ convertType: convertTypeSchema.optional() });

/** GET /config/limit?convertType=: the limits of the live packages that include that type. */
export const limitQuerySchema = z.object({ convertType: convertTypeSchema.optional() });

export const DURATION_MS: Record<Bundle['duration'], number> = {
  ONE_DAY: 86_400_000,
  THREE_DAYS: 3 * 86_400_000,
  ONE_WEEK: 7 * 86_400_000,
  ONE_MONTH: 30 * 86_400_000,
  ONE_QUARTER: 91 * 86_400_000,
  HALF_YEAR: 182 * 86_400_000,
  ONE_YEAR: 365 * 86_400_000,
};

/**
 * How many maximal uploads a user's files on the server (uploads and results, until the sweeper
 * deletes them three hours later) may amount to. Four lets a user convert, download and go on
 * converting at their package's largest size without waiting for the sweeper, while one free
 * account can never fill the disk.
 */
export const HELD_UPLOADS_FACTOR = 4;

/** Bytes a user may hold on the server under `limit` (0 when the package allows no uploads). */
export function heldBytesCap(limit: Pick<Limit, 'maxFileSize' | 'maxBatchCount'>): number {
  return HELD_UPLOADS_FACTOR * limit.maxFileSize * Math.max(1, limit.maxBatchCount);
}
