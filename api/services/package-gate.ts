import { ErrorCode } from '@contracts/error-codes.js';
import type { Limit } from '@contracts/quota.js';
import type { DbOrTx } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import { convertTypesOfBundles } from '../repositories/bundles.repository.js';
import { quotasWithBundles, type QuotaRow } from '../repositories/quota.repository.js';

/**
 * Gating by package (spec §6, docs/package-gating.md): which of the user's quota rows a
 * conversion of one type may use, and the spec's codes when none or the request is over a limit.
 * Pure functions over rows loaded once, so the upload can decide while it streams.
 */

/** A quota row with the conversion types its package includes (null: every type). */
export interface GateRow extends QuotaRow {
  bundle_id: string;
  convertTypes: readonly string[] | null;
}

/** Every quota row the user holds or held for `productId`, each with what its bundle includes. */
export async function loadGateRows(db: DbOrTx, userId: string, productId: string): Promise<GateRow[]> {
  const rows = await quotasWithBundles(db, userId, productId);
  const listed = new Map<string, string[]>();
  for (const r of await convertTypesOfBundles(db, rows.map((q) => q.bundle_id))) listed.set(r.bundle_id, [...(listed.get(r.bundle_id) ?? []), r.convert_type]);
  return rows.map((r) => ({ ...r, convertTypes: listed.get(r.bundle_id) ?? null }));
}

export const includesType = (convertTypes: readonly string[] | null, convertType: string): boolean => convertTypes === null || convertTypes.includes(convertType);

/** Rows of packages whose validity has not ended; with a type, only those whose package includes it. */
export function liveRows<R extends GateRow>(rows: readonly R[], now: number, convertType?: string): R[] {
  return rows.filter((r) => r.valid_date > now && (convertType === undefined || includesType(r.convertTypes, convertType)));
}

const hasConversions = (rows: readonly GateRow[]) => rows.some((r) => r.quota_type === 'TYPE_API');

/**
 * The live rows a conversion of `convertType` may use. When no live package includes the type:
 * 1004 if the user has no live package left at all and one that included the type has ended (the
 * trial's seven days are over: out of conversions, not missing a feature); otherwise 1001 (a live
 * package without the type, or never a package with it), with `{convertType}` so the client can
 * show the bundles that include it.
 */
export function rowsForType<R extends GateRow>(rows: readonly R[], convertType: string, now: number): R[] {
  const usable = liveRows(rows, now, convertType);
  if (hasConversions(usable)) return usable;
  const anyLive = hasConversions(liveRows(rows, now));
  const endedWithType = rows.some((r) => r.quota_type === 'TYPE_API' && r.valid_date <= now && includesType(r.convertTypes, convertType));
  if (!anyLive && endedWithType) throw new AppError(ErrorCode.NO_CONVERSIONS_LEFT, 'Your package has ended');
  throw new AppError(ErrorCode.FEATURE_MISSING, 'No live package includes this conversion type', { convertType });
}

/** 1002 several files without batch, 1003 more files than the batch count, 1005 a file over the size; `sizes` has one entry per file. */
export function checkRequestLimits(limit: Limit, sizes: readonly number[]): void {
  if (sizes.length > 1 && !limit.batch) throw noBatch();
  if (sizes.length > Math.max(1, limit.maxBatchCount)) throw batchTooLarge(Math.max(1, limit.maxBatchCount));
  if (sizes.some((s) => s > limit.maxFileSize)) throw fileTooLarge(limit.maxFileSize);
}

export const noBatch = () => new AppError(ErrorCode.NO_BATCH, 'Batch conversion is not in your bundle');
export const batchTooLarge = (maxBatchCount: number) => new AppError(ErrorCode.BATCH_TOO_LARGE, 'Too many files for your bundle', { maxBatchCount });
export const fileTooLarge = (maxFileSize: number) => new AppError(ErrorCode.FILE_TOO_LARGE, 'File too large for your bundle', { maxFileSize });
