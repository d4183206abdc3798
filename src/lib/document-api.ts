import type { History } from '@contracts/documents';
import { apiGet, apiPost, type RequestOptions } from './api-client';

/**
 * The conversion calls a page runs a card with (a conversion's or a PDF tool's: API.md), shared
 * by the converter and the PDF tools.
 */
export interface FileMeta {
  name: string;
  size: number;
}

// The converter's task list and the PDF tool pages show every failure themselves (or as the quota
// notice), so these calls are quiet: a toast as well would say the same thing twice.
const quiet = { quiet: true } as const;

/** Calls made in the background (recording offline uses) pass `exempt`: a lost session must not send the visitor to the login page. */
type Extra = Pick<RequestOptions, 'exempt'>;

/** Checks and spends quota for a conversion done on the device; the file itself never leaves it. */
export const startBrowserConversion = (convertType: string, files: FileMeta[], extra: Extra = {}) =>
  apiPost<{ documentId: string; status: number }>('/document/convert', { convertType, engine: 'browser', files }, { ...quiet, ...extra });

/** Reports how a device conversion ended; a failure refunds its unit once. */
export const completeConversion = (documentId: string, outcome: { success: true; files: FileMeta[] } | { success: false; reason: string }, extra: Extra = {}) =>
  apiPost<History>(`/document/${encodeURIComponent(documentId)}/complete`, outcome, { ...quiet, ...extra });

/** Queues an uploaded document for the server engine and spends its quota. */
export const startServerConversion = (documentId: string) =>
  apiPost<{ documentId: string; status: number }>('/document/convert', { documentId }, quiet);

export const getDocument = (documentId: string, signal?: AbortSignal) =>
  apiGet<History>(`/document/${encodeURIComponent(documentId)}`, { ...quiet, ...(signal ? { signal } : {}) });
