import type { i18n as I18n, TFunction } from 'i18next';
import { ErrorCode } from '@contracts/error-codes';
import { isApiError } from '../../lib/api-client';
import { documentApiErrorText } from '../../lib/document-api-error-text';
import { QUOTA_CODES } from '../../lib/components/quota-error-notice';
import { PdfToolError } from './pdf-worker';

/** Why a run failed: an API answer's code and data, or an engine or job reason (an i18n key) with the option text at fault. */
export type ToolError = { code: number; data: unknown } | { reason: string; detail?: string };

export function toToolError(error: unknown): ToolError {
  if (isApiError(error)) return { code: error.code, data: error.data };
  if (error instanceof PdfToolError) return { reason: error.failure.reason, ...(error.failure.detail ? { detail: error.failure.detail } : {}) };
  return { reason: 'failed' };
}

/** Codes the page answers with the quota notice (and its pricing link) rather than a line of text. */
export const isQuotaError = (error: ToolError): error is { code: number; data: unknown } =>
  'code' in error && (QUOTA_CODES.includes(error.code) || error.code === ErrorCode.PAYLOAD_TOO_LARGE);

/**
 * The localised text: a tool's own reasons (`wrongPassword`, `pageOutOfRange`…) under
 * `pdfTools.reasons`, then the converter's (`convert.reasons`), then the API's code texts.
 */
export function toolErrorText(t: TFunction, i18n: I18n, error: ToolError): string {
  if ('reason' in error) {
    // A server job's failure carries no detail (the option text at fault): its own wording then.
    const keys = [`pdfTools.reasons.${error.reason}`, `convert.reasons.${error.reason}`];
    if (!error.detail) keys.unshift(`pdfTools.reasons.${error.reason}NoDetail`);
    for (const key of keys) {
      if (i18n.exists(key)) return t(key, { detail: error.detail ?? '' });
    }
    return t('convert.reasons.failed');
  }
  return documentApiErrorText(t, i18n, error.code, error.data);
}
