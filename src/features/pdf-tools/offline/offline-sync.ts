import { mutate } from 'swr';
import { isApiError } from '../../../lib/api-client';
import { completeConversion, startBrowserConversion } from '../../../lib/document-api';
import { getUserInfo } from '../../../lib/session';
import { spendKnownBalance } from './balance-cache';
import { reconcile } from './reconcile';
import { listUses, markStarted, removeUse } from './use-queue';

const LOCK = 'docuflow-offline-uses';

/** One pass at a time across tabs (Web Locks), so no use is sent twice. */
function exclusively<T>(work: () => Promise<T>): Promise<T> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? (locks.request(LOCK, work) as Promise<T>) : work();
}

let running: Promise<void> | null = null;

/**
 * Records the signed-in account's offline uses with the server, when the device is online. Safe
 * to call often: a pass already running is joined, and a failure is only logged.
 */
export function syncOfflineUses(): Promise<void> {
  const user = getUserInfo();
  if (!user || !navigator.onLine) return Promise.resolve();
  const { userId } = user;
  running ??= exclusively(() =>
    reconcile({
      list: () => listUses(userId),
      markStarted,
      remove: removeUse,
      start: (use) => startBrowserConversion(use.convertType, use.files, { exempt: true }),
      complete: (documentId, outcome) => completeConversion(documentId, outcome, { exempt: true }),
      codeOf: (error) => (isApiError(error) ? error.code : null),
      counted: (use) => spendKnownBalance(userId, use.units),
      warn: (message, detail) => console.warn(message, detail),
    }),
  )
    .then((report) => {
      // The header's and the tool pages' figures (and the balance remembered for offline runs) ask again.
      if (report.recorded + report.refused > 0) void mutate((key) => typeof key === 'string' && key.startsWith('/config/limit'));
    })
    .catch((error: unknown) => console.warn('Offline uses could not be recorded yet', error))
    .finally(() => {
      running = null;
    });
  return running;
}

let started = false;

/** From app start: a pass now, and one each time the device comes back online. */
export function startOfflineUseSync(): void {
  if (started) return;
  started = true;
  window.addEventListener('online', () => void syncOfflineUses());
  void syncOfflineUses();
}
