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

/** Seconds a client is asked to wait while the database is unreachable (it usually returns within seconds). */
export const DATABASE_RETRY_AFTER_S = 5;

/** A dependency is down (50303, HTTP 503): `data.down` names it and Retry-After says when to come back; `detail` adds to `data`. */
export const dependencyDown = (down: 'database' | 'storage' | 'migrations', retryAfterS: number, message: string, detail: Record<string, unknown> = {}) =>
  new AppError(ErrorCode.SERVICE_UNAVAILABLE, message, { ...detail, retryAfter: retryAfterS, down: [down] }, { 'Retry-After': String(retryAfterS) });

/** The server's disk is full or below its floor (50701, HTTP 507); Retry-After says when to come back. */
export const diskFull = (retryAfterS: number, message: string) =>
  new AppError(ErrorCode.INSUFFICIENT_STORAGE, message, { retryAfter: retryAfterS }, { 'Retry-After': String(retryAfterS) });

/** Over a rate limit or the login throttle (42901, HTTP 429): `{retryAfter}` seconds and Retry-After. */
export function tooManyRequests(retryAfterS: number): AppError {
  const s = Math.max(1, Math.ceil(retryAfterS));
  return new AppError(ErrorCode.TOO_MANY_ATTEMPTS, 'Too many requests', { retryAfter: s }, { 'Retry-After': String(s) });
}
