import type { i18n as I18n, TFunction } from 'i18next';
import { ErrorCode } from '@contracts/error-codes';
import { ApiError, errorMessage } from './api-client';

/**
 * The localised text of an API refusal of a conversion or a PDF tool: a content check's reason,
 * a validation key (or its `convert.reasons` twin), else the code's own text.
 */
export function documentApiErrorText(t: TFunction, i18n: I18n, code: number, data: unknown): string {
  const fields = (data ?? null) as Record<string, unknown> | null;
  if (code === ErrorCode.UNSUPPORTED_CONTENT) {
    const key = `convert.reasons.content.${typeof fields?.reason === 'string' ? fields.reason : 'mismatch'}`;
    return i18n.exists(key) ? t(key) : t('convert.reasons.content.mismatch');
  }
  if (code === ErrorCode.VALIDATION_FAILED) {
    const key = Object.values(fields ?? {}).find((v): v is string => typeof v === 'string');
    if (key && i18n.exists(key)) return t(key);
    if (key && i18n.exists(`convert.reasons.${key.replace(/^validation\./, '')}`)) return t(`convert.reasons.${key.replace(/^validation\./, '')}`);
  }
  return errorMessage(new ApiError(code, fields, ''));
}
