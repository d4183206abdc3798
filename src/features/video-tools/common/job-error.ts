import { isApiError } from '../../../lib/api-client';
import { QUOTA_CODES } from '../../../lib/components/quota-error-notice';

/** What went wrong with one operation, ready for the page: a quota code, or a message key. */
export type JobFailure = { kind: 'quota'; code: number } | { kind: 'message'; key: string };

/** Error codes the worker and plans throw (as messages), each with its own text. */
const KNOWN = new Set(['input-too-large', 'output-too-large', 'out-of-memory', 'ffmpeg-failed', 'no-output', 'empty-span', 'one-part', 'too-many-parts', 'bad-split', 'bad-interval', 'frame-too-small', 'no-video']);

/** The text key of a worker or plan error code (`input-too-large` → `…errors.inputTooLarge`). */
export function errorKey(code: string): string {
  const known = KNOWN.has(code) ? code : 'unknown';
  return `tools.video.job.errors.${known.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`;
}

export function toFailure(error: unknown): JobFailure {
  if (isApiError(error) && QUOTA_CODES.includes(error.code)) return { kind: 'quota', code: error.code };
  if (isApiError(error)) return { kind: 'message', key: 'tools.video.job.errors.api' };
  const message = error instanceof Error ? error.message : '';
  return { kind: 'message', key: errorKey(message) };
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
