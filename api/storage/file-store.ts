import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Files of conversions on local disk under `root`, one folder per conversion, each file under a
 * random name with a whitelisted extension: never the user's name or path. The interface is
 * what an S3-compatible store would implement too.
 */
export interface FileStore {
  /** A fresh storage key for a file of `conversionId` with extension `ext` ([a-z0-9]+ only). */
  newKey(conversionId: string, ext: string): string;
  /** Absolute path of a key; throws for a key that would escape the root. */
  path(key: string): string;
  /** Streams `source` into the key; rejects (and removes the partial file) on error. */
  write(key: string, source: Readable): Promise<void>;
  /** Removes every file of a conversion; safe to call twice. */
  removeConversion(conversionId: string): Promise<void>;
}

export function createFileStore(rootDir: string): FileStore {
  const root = resolve(rootDir);
  const path = (key: string) => {
    const abs = resolve(root, key);
    if (!abs.startsWith(root + sep)) throw new Error(`storage key escapes the store: ${key}`);
    return abs;
  };
  return {
    newKey(conversionId, ext) {
      if (!/^[A-Za-z0-9-]+$/.test(conversionId) || !/^[a-z0-9]{1,8}$/.test(ext)) throw new Error('unsafe storage key');
      return `${conversionId}/${randomBytes(16).toString('hex')}.${ext}`;
    },
    path,
    async write(key, source) {
      const abs = path(key);
      await mkdir(join(abs, '..'), { recursive: true });
      try {
        await pipeline(source, createWriteStream(abs, { flags: 'wx', mode: 0o600 }));
      } catch (err) {
        await rm(abs, { force: true });
        throw err;
      }
    },
    async removeConversion(conversionId) {
      await rm(path(conversionId), { recursive: true, force: true });
    },
  };
}
