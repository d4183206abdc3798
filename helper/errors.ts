import { ErrorCode } from '@contracts/error-codes.js';

/** A refusal the helper answers with its envelope code; `data` is what the page shows (message keys). */
export class HelperError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'HelperError';
  }
}

/** A bad field: 40001 with `data` field → message key (locales/<lang>/videoHelper.json). */
export const invalid = (field: string, key: string) => new HelperError(ErrorCode.VALIDATION_FAILED, `${field}: ${key}`, { [field]: key });
