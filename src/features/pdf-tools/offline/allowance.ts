import { ErrorCode } from '@contracts/error-codes';
import { pdfToolSpec } from '@contracts/pdf-tools';

/** A file as the conversion calls name it. */
export interface UseFile {
  name: string;
  size: number;
}

/**
 * A run made offline whose conversion the server has not recorded yet: what the two calls of the
 * online path will carry (`startBrowserConversion`, then `completeConversion` with the outcome).
 */
export interface PendingUse {
  /** The queue's key, in the order the uses were made (absent before it is stored). */
  id?: number;
  /** The account that made it: only that account's session records it. */
  userId: string;
  convertType: string;
  files: UseFile[];
  outcome: { success: true; files: UseFile[] };
  /** The units the server will charge (unitsOf). */
  units: number;
  /** When it ran, epoch ms. */
  at: number;
  /** Set once the start call was answered, so a repeated pass only completes it (never charges twice). */
  documentId?: string;
}

/** One unit per result, as the server charges (api/services/conversion.service.ts `outputsOf`). */
export function unitsOf(convertType: string, fileCount: number): number {
  return pdfToolSpec(convertType)?.inputs === 'many' ? 1 : fileCount;
}

export type OfflineRefusal = 'offlineUnknownBalance' | 'offlineNoAllowance';
export type AllowanceVerdict = { ok: true } | { ok: false; reason: OfflineRefusal };

/**
 * May a run of `units` go ahead offline? Only when the balance last seen from the server, less
 * every use still waiting to be recorded (of any tool: the packages' conversions are one pool),
 * covers it.
 */
export function offlineAllowance(balance: number | null, pending: readonly Pick<PendingUse, 'units'>[], units: number): AllowanceVerdict {
  if (balance === null || !Number.isFinite(balance)) return { ok: false, reason: 'offlineUnknownBalance' };
  const waiting = pending.reduce((sum, use) => sum + use.units, 0);
  return balance - waiting >= units ? { ok: true } : { ok: false, reason: 'offlineNoAllowance' };
}

/** Codes that say nothing about the use itself: leave it queued and try again later. */
const TRY_LATER: readonly number[] = [ErrorCode.NOT_LOGGED_IN, ErrorCode.XSRF_INVALID, ErrorCode.TOO_MANY_ATTEMPTS];

/**
 * How reconciliation reads a failed call: `later` for no answer (negative client codes: network,
 * timeout, a proxy page), server trouble (5xxxx) or a missing session; `refused` for the server's
 * own no (no conversions left, card switched off…), which will not change by asking again.
 */
export function failureKind(code: number | null): 'later' | 'refused' {
  if (code === null || code < 0 || code >= 50000 || TRY_LATER.includes(code)) return 'later';
  return 'refused';
}
