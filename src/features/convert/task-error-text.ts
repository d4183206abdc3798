import type { i18n as I18n, TFunction } from 'i18next';
import { ErrorCode } from '@contracts/error-codes';
import { ApiError, errorMessage } from '../../lib/api-client';
import type { TaskError } from './atoms';

/** The localised reason a task failed: an engine or job reason, or an API code with its data. */
export function taskErrorText(t: TFunction, i18n: I18n, error: TaskError): string {
  if ('reason' in error) {
    const key = `convert.reasons.${error.reason}`;
    return i18n.exists(key) ? t(key) : t('convert.reasons.failed');
  }
  const data = (error.data ?? null) as Record<string, unknown> | null;
  if (error.code === ErrorCode.UNSUPPORTED_CONTENT) {
    const key = `convert.reasons.content.${typeof data?.reason === 'string' ? data.reason : 'mismatch'}`;
    return i18n.exists(key) ? t(key) : t('convert.reasons.content.mismatch');
  }
  if (error.code === ErrorCode.VALIDATION_FAILED) {
    const key = Object.values(data ?? {}).find((v): v is string => typeof v === 'string');
    if (key && i18n.exists(key)) return t(key);
    if (key && i18n.exists(`convert.reasons.${key.replace(/^validation\./, '')}`)) return t(`convert.reasons.${key.replace(/^validation\./, '')}`);
  }
  return errorMessage(new ApiError(error.code, data, ''));
}
