import type { ReadExportRequest, TranslatePage, TranslateRequest, TranslateResult } from '@contracts/ai-read';
import { ErrorCode } from '@contracts/error-codes';
import { API_BASE, ApiError, apiPost, ensureXsrfToken } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download';

export const TRANSLATE_PATH = '/ai/translate';
export const EXPORT_PATH = '/ai/read/export';

/** Translates one page; 50302 is the pane's to show (a calm note, no toast). */
export function translatePage(from: TranslateRequest['from'], to: TranslateRequest['to'], segments: TranslateRequest['segments'], page: TranslatePage, signal: AbortSignal): Promise<TranslateResult> {
  return apiPost<TranslateResult>(TRANSLATE_PATH, { from, to, segments, page } satisfies TranslateRequest, { signal, quiet: [ErrorCode.AI_UNAVAILABLE] });
}

/** Builds the bilingual file on the server and starts its download. Throws ApiError on a refusal. */
export async function exportBilingual(req: ReadExportRequest, fileName: string): Promise<void> {
  const token = await ensureXsrfToken();
  const res = await fetch(`${API_BASE}${EXPORT_PATH}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: '*/*', ...(token ? { 'X-XSRF-TOKEN': token } : {}) },
    body: JSON.stringify(req),
  });
  if ((res.headers.get('content-type') ?? '').includes('application/json') || !res.ok) {
    const body = (await res.json().catch(() => null)) as { code?: number; msg?: string; data?: unknown } | null;
    throw new ApiError(body?.code ?? ErrorCode.INTERNAL, body?.data ?? null, body?.msg ?? `HTTP ${res.status}`, res.status);
  }
  downloadBlob(await res.blob(), fileName);
}
