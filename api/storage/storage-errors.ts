import { AppError, dependencyDown, diskFull } from '../http/app-error.js';

/** Seconds a client is asked to wait when the server's disk is full or unwritable. */
export const STORAGE_RETRY_AFTER_S = 300;

const NO_SPACE = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);
const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);

/** A file store has no file under the key asked for (never written, or already swept). */
export class FileNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored file ${key}`);
    this.name = 'FileNotFoundError';
  }
}

/**
 * The object storage cannot be reached or answers with an error of its own (a network failure,
 * a 5xx, a refused credential): the storage is down for the user, not their request wrong.
 */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/**
 * The user-facing error for a failed write to the file store, or undefined for anything that is
 * not a storage fault. A full disk is 50701 (HTTP 507); a folder that cannot be written, or object
 * storage that is unreachable or failing, is a dependency down, 50303 (HTTP 503); both ask the
 * client to come back later.
 */
export function storageFault(err: unknown): AppError | undefined {
  if (err instanceof AppError) return undefined;
  if (err instanceof StorageUnavailableError) return dependencyDown('storage', STORAGE_RETRY_AFTER_S, `Object storage unavailable (${err.message})`);
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== 'string') return undefined;
  if (NO_SPACE.has(code)) return diskFull(STORAGE_RETRY_AFTER_S, `Disk full (${code})`);
  if (NOT_WRITABLE.has(code)) return dependencyDown('storage', STORAGE_RETRY_AFTER_S, `Storage not writable (${code})`);
  return undefined;
}
