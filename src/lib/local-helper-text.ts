import type { TFunction } from 'i18next';
import { ErrorCode } from '@contracts/error-codes';
import { ApiError, errorMessage } from './api-client';

/** "1.5 MB": sizes the helper reports, in the units people read. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** "1:02:03" or "4:05". */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** Field → message key of a 40001 answer from the helper (`needsConfirm` and other flags skipped). */
export function helperFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.VALIDATION_FAILED || typeof error.data !== 'object' || error.data === null) return {};
  return Object.fromEntries(Object.entries(error.data as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** The text to show for a failed helper call. */
export function helperErrorText(t: TFunction, error: unknown): string {
  const fields = Object.values(helperFieldErrors(error));
  if (fields[0]) return t(fields[0]);
  if (error instanceof ApiError) return error.code < 0 ? t('videoHelper.errors.unreachableHelper') : errorMessage(error);
  return t('errors.unknown');
}
