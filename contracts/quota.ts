import { z } from 'zod';

export const QUOTA_TYPES = ['TYPE_API', 'TYPE_SIZE', 'TYPE_BATCH_COUNT'] as const;
export type QuotaType = (typeof QUOTA_TYPES)[number];

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
});

export const productQuotaSchema = z.object({
  productInfo: z.object({ productId: z.string(), imageUrl: z.string(), productName: z.string() }),
  quotaInfo: z.array(quotaItemSchema),
});
export type ProductQuota = z.infer<typeof productQuotaSchema>;

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
  features: z.object({ batch: z.boolean() }),
});
export type Bundle = z.infer<typeof bundleSchema>;

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
