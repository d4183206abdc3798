import { ErrorCode } from '@contracts/error-codes.js';
import { AppError } from '../http/app-error.js';

/** Seconds a client is asked to wait when the server's disk is full or unwritable. */
export const STORAGE_RETRY_AFTER_S = 300;

const NO_SPACE = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);
const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);

/**
 * The user-facing error for a failed write to the data folder, or undefined for anything that is
 * not a storage fault. A full disk is 50701 (HTTP 507); a folder that cannot be written is a
 * dependency down, 50303 (HTTP 503); both ask the client to come back later.
 */
export function storageFault(err: unknown): AppError | undefined {
  if (err instanceof AppError) return undefined;
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== 'string') return undefined;
  const headers = { 'Retry-After': String(STORAGE_RETRY_AFTER_S) };
  const data = { retryAfter: STORAGE_RETRY_AFTER_S };
  if (NO_SPACE.has(code)) return new AppError(ErrorCode.INSUFFICIENT_STORAGE, `Disk full (${code})`, data, headers);
  if (NOT_WRITABLE.has(code)) return new AppError(ErrorCode.SERVICE_UNAVAILABLE, `Storage not writable (${code})`, { ...data, down: ['storage'] }, headers);
  return undefined;
}
