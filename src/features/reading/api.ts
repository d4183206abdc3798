import type { ReadUrlRequest, ReadUrlResult } from '@contracts/ai-read';
import { apiPost } from '../../lib/api-client';

export const READ_URL_PATH = '/ai/read/url';

/** Reads a web page on the server (public http(s) addresses only) into paragraphs; errors are the box's to show. */
export function readUrl(url: string, signal?: AbortSignal): Promise<ReadUrlResult> {
  return apiPost<ReadUrlResult>(READ_URL_PATH, { url } satisfies ReadUrlRequest, { quiet: true, exempt: true, ...(signal ? { signal } : {}) });
}
