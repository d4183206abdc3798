import { ClientErrorCode, isApiError } from '../../../lib/api-client';
import { getUserInfo } from '../../../lib/session';
import { PdfToolError, type ToolFileOutput } from '../pdf-worker';
import { offlineAllowance, unitsOf, type UseFile } from './allowance';
import { knownBalance } from './balance-cache';
import { addUse, listUses } from './use-queue';

/**
 * The quota call got no answer: its fetch failed before any response (a network TypeError). An
 * answer of the server's own (40201, 1004…) is not this, and keeps its meaning.
 */
export const isOfflineFailure = (error: unknown): boolean => isApiError(error, ClientErrorCode.NETWORK);

/** True before trying: the browser knows it has no network. */
export const knownOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

function refuse(reason: string): never {
  throw new PdfToolError({ reason, message: `Offline run refused: ${reason}` });
}

/**
 * A browser tool's run with no network: allowed when the balance last seen covers it after the
 * uses already waiting; the use is then queued and recorded once the device is online again
 * (offline-sync.ts). A failed or cancelled run spends nothing, so nothing is queued for it.
 */
export async function runOffline(convertType: string, files: UseFile[], produce: () => Promise<ToolFileOutput>): Promise<ToolFileOutput> {
  const user = getUserInfo();
  if (!user) refuse('offlineUnknownBalance');
  const units = unitsOf(convertType, files.length);
  // No IndexedDB (some private windows): the use could not be kept, so the run is refused too.
  const pending = await listUses(user.userId).catch(() => refuse('offlineUnavailable'));
  const verdict = offlineAllowance(knownBalance(user.userId, convertType), pending, units);
  if (!verdict.ok) refuse(verdict.reason);
  const output = await produce();
  const outcome = { success: true as const, files: [{ name: output.name, size: output.bytes.byteLength }] };
  // The file is made: a failure to queue must not take it from the user (the allowance bounds the loss).
  await addUse({ userId: user.userId, convertType, files, outcome, units, at: Date.now() }).catch((error: unknown) =>
    console.warn('An offline use could not be queued', error),
  );
  return output;
}
