import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
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
  /** Conversions that have files in the store, with when their folder last changed. */
  listConversions(): Promise<{ conversionId: string; modifiedAt: number }[]>;
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
      await makeFolder(join(abs, '..'));
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
    async listConversions() {
      const names = await readdir(root).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [];
        throw err;
      });
      const found = await Promise.all(
        names.filter((n) => /^[A-Za-z0-9-]+$/.test(n)).map(async (n) => ({ conversionId: n, modifiedAt: (await stat(join(root, n)).catch(() => null))?.mtimeMs ?? 0 })),
      );
      return found;
    },
  };
}

/**
 * Makes a conversion's folder (its parent, the store's root, is made once when missing). Not
 * recursive on purpose: a recursive mkdir on a read-only file system reports ENOENT, which would
 * hide the EROFS that tells the user the storage is down rather than their request wrong.
 */
async function makeFolder(dir: string): Promise<void> {
  try {
    await mkdir(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code !== 'ENOENT') throw err;
    await mkdir(join(dir, '..'), { recursive: true });
    await mkdir(dir).catch((again: NodeJS.ErrnoException) => {
      if (again.code !== 'EEXIST') throw again;
    });
  }
}
