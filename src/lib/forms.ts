import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';
import { isApiError } from './api-client';
import { ErrorCode } from '@contracts/error-codes';

/** Field name → i18n message key (the same shape as a 40001 answer's `data`). */
export type FieldErrors = Record<string, string>;

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Runs a shared zod schema; its messages are already i18n keys such as `validation.passwordRule`. */
export function validate<T>(schema: ZodType<T>, values: unknown): Validation<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The per-field keys of a 40001 answer, or null for any other error. */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!isApiError(error, ErrorCode.VALIDATION_FAILED) || !error.data || typeof error.data !== 'object') return null;
  const errors: FieldErrors = {};
  for (const [field, key] of Object.entries(error.data as Record<string, unknown>)) {
    if (typeof key === 'string') errors[field.split('.')[0] ?? field] = key;
  }
  return errors;
}

/** Translates a message key, with a generic text for keys this build does not know. */
export function fieldMessage(t: TFunction, key: string | undefined): string | undefined {
  if (!key) return undefined;
  return t(key, { defaultValue: t('validation.invalid') });
}
