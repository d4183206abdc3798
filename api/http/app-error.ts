import { ErrorCode, codeToStatus } from '@contracts/error-codes.js';

/** The one error that routes and services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data: unknown = null,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return codeToStatus(this.code);
  }
}

export const notLoggedIn = (logId: string) => new AppError(ErrorCode.NOT_LOGGED_IN, 'Not logged in', { logId });
