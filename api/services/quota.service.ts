import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@contracts/error-codes.js';
import { DURATION_MS, type Bundle, type Limit, type QuotaType } from '@contracts/quota.js';
import type { DbOrTx } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import { bundleWithQuotas, publishedTrialBundleId } from '../repositories/bundles.repository.js';
import { deductUnits, insertGrant, liveQuotas, typeRows, type QuotaRow } from '../repositories/quota.repository.js';
import { claimTrial } from '../repositories/trial-claims.repository.js';
import { findUserById } from '../repositories/users.repository.js';
import { normalizeEmail } from './email-identity.js';
import { checkRequestLimits, liveRows, loadGateRows, rowsForType } from './package-gate.js';

/** The product whose quota conversions spend. */
export const CONVERT_PRODUCT = 'convert';

/**
 * Grants a bundle's quotas to a user. `source`+`sourceRef` is unique per user, so granting the
 * same order (or the trial) twice fails instead of doubling the quota.
 */
export async function grantBundle(
  db: DbOrTx,
  userId: string,
  bundleId: string,
  source: 'trial' | 'order' | 'admin' | 'membership',
  sourceRef: string,
  now: number,
  /** A membership's period sets its own end, and records the grant's id beside the period first. */
  period: { grantId: string; validDate: number } | null = null,
) {
  const { bundle, quotas } = await bundleWithQuotas(db, bundleId);
  const validDate = period?.validDate ?? now + DURATION_MS[bundle.duration as Bundle['duration']];
  const grantId = period?.grantId ?? randomUUID();
  await insertGrant(
    db,
    { id: grantId, user_id: userId, bundle_id: bundleId, source, source_ref: sourceRef, granted_at: now, valid_date: validDate },
    quotas.map((q) => ({
      id: randomUUID(),
      user_id: userId,
      grant_id: grantId,
      product_id: q.product_id,
      quota_type: q.quota_type,
      quota: q.quota,
      avail_quota: q.quota,
      batch: bundle.batch,
      valid_date: validDate,
      created_at: now,
    })),
  );
  return bundle;
}

/**
 * The unpublished bundle that hand-made grants hang off (every grant names a bundle): added by
 * migrations/20261123T194000Z-support.ts, named "Granted by support" in My products, includes
 * every conversion type (it has no type list). Never on sale.
 */
export const STAFF_GRANT_BUNDLE = 'staff-grant';

const DAY_MS = 86_400_000;

/** One quota item granted by hand in the admin area. */
export interface StaffGrantItem {
  productId: string;
  quotaType: QuotaType;
  /** Units of the type: conversions, bytes (TYPE_SIZE) or files (TYPE_BATCH_COUNT). */
  quota: number;
  validDays: number;
}

/**
 * Grants one quota item by hand (source 'admin', its own grant under STAFF_GRANT_BUNDLE), valid
 * for `validDays` from `now`. A TYPE_BATCH_COUNT item allows batches (the batch flag); the others
 * leave batching to the user's other packages. Call it in the transaction that audits the grant.
 */
export async function grantStaffItem(db: DbOrTx, userId: string, item: StaffGrantItem, now: number): Promise<{ grantId: string; validDate: number }> {
  const grantId = randomUUID();
  const validDate = now + item.validDays * DAY_MS;
  await insertGrant(
    db,
    { id: grantId, user_id: userId, bundle_id: STAFF_GRANT_BUNDLE, source: 'admin', source_ref: grantId, granted_at: now, valid_date: validDate },
    [
      {
        id: randomUUID(),
        user_id: userId,
        grant_id: grantId,
        product_id: item.productId,
        quota_type: item.quotaType,
        quota: item.quota,
        avail_quota: item.quota,
        batch: item.quotaType === 'TYPE_BATCH_COUNT' ? 1 : 0,
        valid_date: validDate,
        created_at: now,
      },
    ],
  );
  return { grantId, validDate };
}

/**
 * Grants the published trial bundle once per person: the first account of a mailbox (its
 * normalised e-mail, see email-identity.ts) gets it, later accounts of the same mailbox do not.
 * Runs in the transaction that creates the account, or (with SMTP) the one that verifies its
 * address. True when the trial was granted.
 */
export async function grantTrial(db: DbOrTx, userId: string, now: number): Promise<boolean> {
  const trialId = await publishedTrialBundleId(db);
  if (!trialId) return false;
  const user = await findUserById(db, userId);
  if (!user) return false;
  if (!(await claimTrial(db, user.email_normalized ?? normalizeEmail(user.email), userId, now))) return false;
  await grantBundle(db, userId, trialId, 'trial', 'trial', now);
  return true;
}

export function limitsOf(rows: QuotaRow[]): Limit {
  const max = (type: QuotaRow['quota_type'], onlyBatch = false) =>
    Math.max(0, ...typeRows(rows, type).filter((r) => !onlyBatch || r.batch === 1).map((r) => r.quota));
  const batch = rows.some((r) => r.batch === 1);
  return {
    batch,
    maxBatchCount: batch ? max('TYPE_BATCH_COUNT', true) : Math.min(1, max('TYPE_BATCH_COUNT')),
    maxFileSize: max('TYPE_SIZE'),
    availCount: typeRows(rows, 'TYPE_API').reduce((sum, r) => sum + r.avail_quota, 0),
  };
}

/** What the user may convert now; with a type, only what the live packages that include it allow (zeros when none does). */
export async function userLimits(db: DbOrTx, userId: string, now: number, convertType?: string): Promise<Limit> {
  if (convertType === undefined) return limitsOf(await liveQuotas(db, userId, CONVERT_PRODUCT, now));
  return limitsOf(liveRows(await loadGateRows(db, userId, CONVERT_PRODUCT), now, convertType));
}

/**
 * Checks the user's live packages that include `convertType` for a conversion of `sizes` (one
 * entry per file) and spends one unit per result (`outputs`: per file, or one for inputs that
 * make one result). Must run inside the transaction that records the
 * conversion: a refusal spends nothing. Answers the spec's codes (api/services/package-gate.ts):
 * 1001 no live package includes the type, 1002 no batch, 1003 batch too large, 1005 a file too
 * large, 1004 no conversions left (also when the package that included the type has ended).
 */
export async function chargeConversion(db: DbOrTx, userId: string, convertType: string, sizes: number[], now: number, outputs = sizes.length): Promise<{ quotaId: string; units: number }> {
  const rows = rowsForType(await loadGateRows(db, userId, CONVERT_PRODUCT), convertType, now);
  // Inputs that make one result (a merge) are one job, not a batch: only each file's size is the package's business.
  checkRequestLimits(limitsOf(rows), outputs === 1 ? [Math.max(0, ...sizes)] : sizes);
  const units = outputs;
  for (const row of typeRows(rows, 'TYPE_API')) {
    if (row.avail_quota >= units && (await deductUnits(db, row.id, units))) return { quotaId: row.id, units };
  }
  throw new AppError(ErrorCode.NO_CONVERSIONS_LEFT, 'No conversions left');
}
