import type { Feature } from '@contracts/convert-catalogue';
import type { History } from '@contracts/documents';
import type { Limit } from '@contracts/quota';
import { apiGet, apiPost } from '../../lib/api-client';

/** SWR keys (API paths, fetched by the app's default fetcher). */
export const FEATURES_KEY = '/document/convert/feature';
export const LIMIT_KEY = '/config/limit';
/** What the live packages that include one conversion type allow (gating by package). */
export const limitKey = (convertType: string) => `${LIMIT_KEY}?convertType=${encodeURIComponent(convertType)}`;
/** Every limit key, for refreshing them all after a conversion spent or refunded a unit. */
export const isLimitKey = (key: unknown) => typeof key === 'string' && (key === LIMIT_KEY || key.startsWith(`${LIMIT_KEY}?`));

export type { Feature, History, Limit };

export interface FileMeta {
  name: string;
  size: number;
}

// The task list shows every failure itself (on the task, or as the quota notice), so the runner's
// calls are quiet: a toast as well would say the same thing twice.
const quiet = { quiet: true } as const;

/** Checks and spends quota for a conversion done on the device; the file itself never leaves it. */
export const startBrowserConversion = (convertType: string, files: FileMeta[]) =>
  apiPost<{ documentId: string; status: number }>('/document/convert', { convertType, engine: 'browser', files }, quiet);

/** Reports how a device conversion ended; a failure refunds its unit once. */
export const completeConversion = (documentId: string, outcome: { success: true; files: FileMeta[] } | { success: false; reason: string }) =>
  apiPost<History>(`/document/${encodeURIComponent(documentId)}/complete`, outcome, quiet);

/** Queues an uploaded document for the server engine and spends its quota. */
export const startServerConversion = (documentId: string) =>
  apiPost<{ documentId: string; status: number }>('/document/convert', { documentId }, quiet);

export const getDocument = (documentId: string, signal?: AbortSignal) =>
  apiGet<History>(`/document/${encodeURIComponent(documentId)}`, { ...quiet, ...(signal ? { signal } : {}) });

/** Makes sure the XSRF cookie exists before an upload that bypasses the API client. */
export const touchSession = () => apiGet<Limit>(LIMIT_KEY, quiet);
