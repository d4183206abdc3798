import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertConversionId, assertStorageKey, isConversionId, newStorageKey, type FileStore, type StoredFile } from './file-store.js';
import { FileNotFoundError } from './storage-errors.js';

/**
 * The file store on local disk under `rootDir`: one folder per conversion. Files are written with
 * `wx` (a key is never overwritten) and mode 0600; a failed write removes its partial file.
 */
export function createLocalFileStore(rootDir: string): FileStore {
  const root = resolve(rootDir);
  const within = (rel: string) => {
    const abs = resolve(root, rel);
    if (!abs.startsWith(root + sep)) throw new Error(`storage key escapes the store: ${rel}`);
    return abs;
  };
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return within(key);
  };
  const statOf = async (key: string): Promise<StoredFile> => {
    try {
      const s = await stat(pathOf(key));
      return { size: s.size, modifiedAt: s.mtimeMs };
    } catch (err) {
      throw notFound(err, key);
    }
  };
  return {
    onLocalDisk: true,
    newKey: newStorageKey,
    async put(key, source) {
      const abs = pathOf(key);
      await makeFolder(join(abs, '..'));
      try {
        await pipeline(source, createWriteStream(abs, { flags: 'wx', mode: 0o600 }));
      } catch (err) {
        await rm(abs, { force: true });
        throw err;
      }
    },
    async get(key) {
      // Opened before resolving, so a file swept a moment ago is a FileNotFoundError, not a broken stream.
      try {
        const handle = await open(pathOf(key), 'r');
        return handle.createReadStream();
      } catch (err) {
        throw notFound(err, key);
      }
    },
    stat: statOf,
    async delete(conversionId) {
      assertConversionId(conversionId);
      await rm(within(conversionId), { recursive: true, force: true });
    },
    async list(olderThan) {
      const names = await readdir(root).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [];
        throw err;
      });
      // A folder's mtime moves whenever a file is added to it: the time of its newest file.
      const found = await Promise.all(names.filter(isConversionId).map(async (n) => ({ n, modifiedAt: (await stat(join(root, n)).catch(() => null))?.mtimeMs ?? 0 })));
      return found.filter((f) => f.modifiedAt < olderThan).map((f) => f.n);
    },
    async withLocalFile(key, fn) {
      await statOf(key);
      return fn(pathOf(key));
    },
  };
}

function notFound(err: unknown, key: string): unknown {
  return (err as NodeJS.ErrnoException).code === 'ENOENT' ? new FileNotFoundError(key) : err;
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
