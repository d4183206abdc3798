import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

export { FileNotFoundError, StorageUnavailableError } from './storage-errors.js';

/** What a store knows of one stored file. */
export interface StoredFile {
  size: number;
  /** Epoch ms of the last write. */
  modifiedAt: number;
}

/**
 * Files of conversions: uploads and results, one group per conversion, each file under a random
 * key with a whitelisted extension, never the user's name or path. Two implementations, local
 * disk (api/storage/local-file-store.ts, the default) and S3-compatible object storage
 * (api/storage/s3-file-store.ts); nothing outside them sees where a file lives, except the local
 * path `withLocalFile` lends for the length of one call.
 */
export interface FileStore {
  /**
   * True when the files are on this machine's disk: only then does an upload take local space,
   * so only then does the upload free-space floor count the incoming bytes.
   */
  readonly onLocalDisk: boolean;
  /** A fresh key for a file of `conversionId` with extension `ext` ([a-z0-9]+ only). */
  newKey(conversionId: string, ext: string): string;
  /**
   * Streams `source` into a new file under `key`. Rejects on any error of the source or the store
   * and leaves nothing behind; a source error is passed on as it is, a store fault as an error
   * that storageFault (storage-errors.ts) maps to 50701 or 50303.
   */
  put(key: string, source: Readable): Promise<void>;
  /** The file's bytes as a stream; FileNotFoundError when there is none (checked before it resolves). */
  get(key: string): Promise<Readable>;
  /** FileNotFoundError when there is no such file. */
  stat(key: string): Promise<StoredFile>;
  /** Removes every file of a conversion; safe to call twice. */
  delete(conversionId: string): Promise<void>;
  /** Conversions that have files in the store, none of them written at or after `olderThan` (epoch ms). */
  list(olderThan: number): Promise<string[]>;
  /**
   * Runs `fn` with a path on this machine holding the file's bytes (for LibreOffice and the content
   * check, which need a real file). On local disk that is the stored file itself, so `fn` must only
   * read it; elsewhere a temporary copy, removed when `fn` settles. FileNotFoundError when there is no such file.
   */
  withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T>;
}

const CONVERSION_ID = /^[A-Za-z0-9-]+$/;
const KEY = /^[A-Za-z0-9-]+\/[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

/** `{conversionId}/{32 random hex}.{ext}`: the one key format every store uses. */
export function newStorageKey(conversionId: string, ext: string): string {
  if (!CONVERSION_ID.test(conversionId) || !/^[a-z0-9]{1,8}$/.test(ext)) throw new Error('unsafe storage key');
  return `${conversionId}/${randomBytes(16).toString('hex')}.${ext}`;
}

/** Throws for anything but a key made by newStorageKey, so no key can name a file outside its conversion. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${key}`);
}

/** Throws for a conversion id that could not have made a key. */
export function assertConversionId(conversionId: string): void {
  if (!CONVERSION_ID.test(conversionId)) throw new Error(`not a conversion id: ${conversionId}`);
}

export const isConversionId = (name: string) => CONVERSION_ID.test(name);
