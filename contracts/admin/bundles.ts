import { z } from 'zod';
import { buildCards, DEFAULT_FEATURES } from '../convert-catalogue.js';
import { isCardKey, PDF_TOOLS } from '../pdf-tools.js';
import { BUNDLE_KINDS, MEMBERSHIP_PERIOD_MONTHS, type MembershipPeriodMonths } from '../memberships.js';
import { bundleSchema, QUOTA_TYPES } from '../quota.js';
import { adminPageOf, adminPageQuerySchema } from './common.js';

/**
 * Publishing bundles in the admin area (`/admin/bundles`, docs/admin-billing.md): everything a
 * bundle is, both languages, the price in cents. Cross-field rules (a membership's period, the
 * one trial bundle, one quota item per product and type, known products) are checked by the
 * service and answered as 40001 with `adminBilling.validation.*` keys.
 */

/** Two-decimal currencies only: prices are entered as 12.99 and stored in cents (Stripe's unit_amount). */
export const BILLING_CURRENCIES = ['USD', 'EUR', 'GBP', 'CNY', 'HKD', 'AUD', 'CAD', 'SGD'] as const;
export type BillingCurrency = (typeof BILLING_CURRENCIES)[number];

export const BUNDLE_DURATIONS = bundleSchema.shape.duration.options;
export type BundleDuration = (typeof BUNDLE_DURATIONS)[number];

/** A membership's validity per period: what `bundles.duration` holds for it. */
export const PERIOD_DURATION: Record<MembershipPeriodMonths, BundleDuration> = { 1: 'ONE_MONTH', 6: 'HALF_YEAR', 12: 'ONE_YEAR' };

/** 1,000,000.00 in cents: a typo guard, far above any real price. */
export const MAX_PRICE_CENTS = 100_000_000;

/** Every conversion card key of the catalogue (`pdf-to-word`…) and every built PDF tool's (`pdf-merge`…): what the editor offers. */
export const CATALOGUE_CONVERT_TYPES: readonly string[] = [...DEFAULT_FEATURES.flatMap((f) => buildCards(f).map((c) => c.key)), ...PDF_TOOLS.map((t) => t.key)];

const invalid = { error: 'validation.invalid' } as const;
const text = (max: number) => z.string(invalid).trim().min(1, invalid).max(max, invalid);
const longText = z.string(invalid).trim().max(2000, invalid);

/** One quota item: what a grant of the bundle gives per product. */
export const adminBundleQuotaSchema = z.object({
  productId: z.string(invalid).trim().min(1, invalid).max(40, invalid),
  quotaType: z.enum(QUOTA_TYPES, invalid),
  /** Times, bytes or files (TYPE_API, TYPE_SIZE, TYPE_BATCH_COUNT). */
  quota: z.number(invalid).int(invalid).min(1, invalid).max(1e12, invalid),
});

/** The fields staff edit; a create sends them all (defaults below), an update any of them. */
const bundleFields = {
  name: text(128),
  nameZh: text(128),
  desc: longText,
  descZh: longText,
  bundleIcon: z.string(invalid).trim().max(255, invalid),
  /** Cents. */
  price: z.number(invalid).int(invalid).min(0, invalid).max(MAX_PRICE_CENTS, invalid),
  currency: z.enum(BILLING_CURRENCIES, invalid),
  kind: z.enum(BUNDLE_KINDS, invalid),
  /** A pack's validity; a membership's is its period's (PERIOD_DURATION). */
  duration: z.enum(BUNDLE_DURATIONS, invalid),
  /** 1, 6 or 12 for a membership; null for a pack. */
  periodMonths: z.literal([...MEMBERSHIP_PERIOD_MONTHS], invalid).nullable(),
  /** The bundle every new account gets once; at most one bundle is the trial. */
  trial: z.boolean(invalid),
  batch: z.boolean(invalid),
  published: z.boolean(invalid),
  sortOrder: z.number(invalid).int(invalid).min(-1_000_000, invalid).max(1_000_000, invalid),
  quotas: z.array(adminBundleQuotaSchema, invalid).min(1, invalid).max(30, invalid),
  /** Card keys the bundle includes; empty: every type (docs/package-gating.md). */
  convertTypes: z.array(z.string(invalid).refine(isCardKey, { error: 'validation.convertTypeInvalid' }), invalid).max(100, invalid),
};

/** A new bundle's id: a readable slug (it shows in URLs and the pricing page), or generated when left out. */
export const bundleIdSchema = z
  .string(invalid)
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, invalid);

export const createBundleRequestSchema = z.object({
  id: bundleIdSchema.optional(),
  ...bundleFields,
  desc: longText.default(''),
  descZh: longText.default(''),
  bundleIcon: bundleFields.bundleIcon.default(''),
  periodMonths: bundleFields.periodMonths.default(null),
  duration: bundleFields.duration.default('ONE_MONTH'),
  kind: bundleFields.kind.default('pack'),
  trial: bundleFields.trial.default(false),
  batch: bundleFields.batch.default(false),
  published: bundleFields.published.default(false),
  sortOrder: bundleFields.sortOrder.default(0),
  convertTypes: bundleFields.convertTypes.default([]),
});
export type CreateBundleRequest = z.infer<typeof createBundleRequestSchema>;

export const updateBundleRequestSchema = z.object(bundleFields).partial();
export type UpdateBundleRequest = z.infer<typeof updateBundleRequestSchema>;

/** What holds a bundle: any of these makes it undeletable (40904); unpublish it instead. */
export const bundleHoldersSchema = z.object({ grants: z.number().int(), orders: z.number().int(), subscriptions: z.number().int() });
export type BundleHolders = z.infer<typeof bundleHoldersSchema>;

export const adminBundleSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameZh: z.string(),
  desc: z.string(),
  descZh: z.string(),
  bundleIcon: z.string(),
  price: z.number().int(),
  currency: z.string(),
  kind: z.enum(BUNDLE_KINDS),
  duration: z.enum(BUNDLE_DURATIONS),
  periodMonths: z.number().int().nullable(),
  trial: z.boolean(),
  batch: z.boolean(),
  published: z.boolean(),
  sortOrder: z.number().int(),
  quotas: z.array(adminBundleQuotaSchema.extend({ productName: z.string(), productNameZh: z.string() })),
  convertTypes: z.array(z.string()),
  holders: bundleHoldersSchema,
  createTime: z.string(),
  updateTime: z.string(),
});
export type AdminBundle = z.infer<typeof adminBundleSchema>;

export const adminBundleQuerySchema = adminPageQuerySchema.extend({
  /** Id or name in either language, any case. */
  q: z.string().trim().max(100).optional(),
  published: z.enum(['all', 'published', 'unpublished']).default('all'),
  kind: z.enum(['all', ...BUNDLE_KINDS]).default('all'),
});
export type AdminBundleQuery = z.infer<typeof adminBundleQuerySchema>;

export const adminBundlePageSchema = adminPageOf(adminBundleSchema);
export type AdminBundlePage = z.infer<typeof adminBundlePageSchema>;

/** What the editor offers in its selects. */
export const bundleOptionsSchema = z.object({
  products: z.array(z.object({ id: z.string(), name: z.string(), nameZh: z.string() })),
  convertTypes: z.array(z.string()),
  currencies: z.array(z.string()),
  durations: z.array(z.enum(BUNDLE_DURATIONS)),
  quotaTypes: z.array(z.enum(QUOTA_TYPES)),
  kinds: z.array(z.enum(BUNDLE_KINDS)),
  periodMonths: z.array(z.number().int()),
});
export type BundleOptions = z.infer<typeof bundleOptionsSchema>;

/**
 * "12.99" → 1299 (cents), exactly: no floating point. Up to two decimals, a dot or a comma;
 * null when it is not an amount or is above MAX_PRICE_CENTS.
 */
export function priceTextToCents(value: string): number | null {
  const m = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_PRICE_CENTS ? cents : null;
}

/** 1299 → "12.99": what the price field shows for a stored price. */
export function centsToPriceText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
