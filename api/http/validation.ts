import type { Context } from 'hono';
import type { z } from 'zod';
import { ErrorCode } from '@contracts/error-codes.js';
import type { FieldErrors } from '@contracts/envelope.js';

/** zod issues → `{field: messageKey}`; messages that are not our i18n keys become a generic key. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    if (out[field]) continue;
    out[field] = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
  }
  return out;
}

/** The default hook of every zod-validated route: 40001 with per-field message keys. */
export function validationHook(
  result: { success: true } | { success: false; error: z.ZodError },
  c: Context,
) {
  if (!result.success) {
    return c.json({ code: ErrorCode.VALIDATION_FAILED, msg: 'Validation failed', data: fieldErrors(result.error) }, 200);
  }
  return undefined;
}
