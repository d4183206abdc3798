import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contracts/error-codes.js';
import { FileNotFoundError, StorageUnavailableError, type FileStore } from '../../api/storage/file-store.js';
import { createLocalFileStore } from '../../api/storage/local-file-store.js';
import { createS3FileStore } from '../../api/storage/s3-file-store.js';
import { storageFault } from '../../api/storage/storage-errors.js';
import { startTestS3, type TestS3 } from '../helpers/s3-server.js';

const MB = 1024 * 1024;

/** One implementation under test, with a way to see what it really keeps that does not go through it. */
interface Fixture {
  store: FileStore;
  /** Names of the files stored for a conversion, read from the disk or the bucket directly. */
  storedFiles(conversionId: string): Promise<string[]>;
  /** Folder that `withLocalFile` copies go to (object storage), or undefined when it lends the stored file itself. */
  copyDir: string | undefined;
  close(): Promise<void>;
}

async function localFixture(): Promise<Fixture> {
  const dir = await mkdtemp(join(tmpdir(), 'docuflow-store-'));
  const root = join(dir, 'files');
  return {
    store: createLocalFileStore(root),
    storedFiles: (id) => readdir(join(root, id)).catch(() => []),
    copyDir: undefined,
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

async function s3Fixture(): Promise<Fixture> {
  const s3: TestS3 = await startTestS3();
  const tempDir = await mkdtemp(join(tmpdir(), 'docuflow-store-tmp-'));
  return {
    store: createS3FileStore(s3.settings, { tempDir }),
    storedFiles: async (id) => (await s3.keys(`${id}/`)).map((k) => k.slice(id.length + 1)),
    copyDir: tempDir,
    close: async () => {
      await s3.close();
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}

/** Yields `good` bytes in 64 KB chunks, then fails: a client gone in the middle of an upload. */
function failingSource(good: number): Readable {
  async function* chunks() {
    for (let sent = 0; sent < good; sent += 64 * 1024) yield Buffer.alloc(Math.min(64 * 1024, good - sent), 7);
    throw new Error('source broke');
  }
  return Readable.from(chunks());
}

const bytesOf = (text: string) => Readable.from([Buffer.from(text)]);

describe.each([
  ['local disk', localFixture],
  ['S3-compatible object storage (s3rver)', s3Fixture],
])('the file store on %s', (_name, make) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await make();
  });
  afterAll(() => f.close());

  it('puts a file under a random key and gives back its bytes and size', async () => {
    const id = randomUUID();
    const key = f.store.newKey(id, 'csv');
    expect(key).toMatch(new RegExp(`^${id}/[0-9a-f]{32}\\.csv$`));
    await f.store.put(key, bytesOf('名称,数量\n你好,3\n'));
    expect((await buffer(await f.store.get(key))).toString()).toBe('名称,数量\n你好,3\n');
    const info = await f.store.stat(key);
    expect(info.size).toBe(Buffer.byteLength('名称,数量\n你好,3\n'));
    expect(Math.abs(info.modifiedAt - Date.now())).toBeLessThan(60_000);
    expect(await f.storedFiles(id)).toEqual([key.slice(id.length + 1)]);
  });

  it('streams a file larger than one upload part', async () => {
    const id = randomUUID();
    const key = f.store.newKey(id, 'bin');
    const big = Buffer.alloc(12 * MB);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    await f.store.put(key, Readable.from([big.subarray(0, 5 * MB), big.subarray(5 * MB, 9 * MB), big.subarray(9 * MB)]));
    expect((await f.store.stat(key)).size).toBe(12 * MB);
    expect((await buffer(await f.store.get(key))).equals(big)).toBe(true);
  });

  it('answers FileNotFoundError for a file that is not there, before any byte is streamed', async () => {
    const key = f.store.newKey(randomUUID(), 'pdf');
    await expect(f.store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(f.store.stat(key)).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(f.store.withLocalFile(key, () => Promise.resolve('ran'))).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('refuses keys it did not make, so no key reaches outside its conversion', async () => {
    await expect(f.store.get('../../etc/passwd')).rejects.toThrow(/storage key/);
    await expect(f.store.put('a/../../b.txt', bytesOf('x'))).rejects.toThrow(/storage key/);
    await expect(f.store.delete('../x')).rejects.toThrow(/conversion id/);
    expect(() => f.store.newKey('a/b', 'pdf')).toThrow();
    expect(() => f.store.newKey(randomUUID(), 'p.df')).toThrow();
  });

  it('deletes every file of one conversion and nothing of another, and may be asked twice', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    for (const id of [a, a, b]) await f.store.put(f.store.newKey(id, 'txt'), bytesOf(id));
    expect(await f.storedFiles(a)).toHaveLength(2);
    await f.store.delete(a);
    await f.store.delete(a);
    expect(await f.storedFiles(a)).toEqual([]);
    expect(await f.storedFiles(b)).toHaveLength(1);
  });

  it('lists the conversions whose files were all written before a time', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await f.store.put(f.store.newKey(a, 'txt'), bytesOf('a'));
    await f.store.put(f.store.newKey(b, 'txt'), bytesOf('b'));
    const later = await f.store.list(Date.now() + 60_000);
    expect(later).toEqual(expect.arrayContaining([a, b]));
    const earlier = await f.store.list(Date.now() - 60 * 60 * 1000);
    expect(earlier).not.toContain(a);
    expect(earlier).not.toContain(b);
    await f.store.delete(a);
    expect(await f.store.list(Date.now() + 60_000)).not.toContain(a);
  });

  it.each([
    ['within the first part', 200 * 1024],
    ['after a whole upload part', 6 * MB],
  ])('a put whose source fails %s rejects with the source error and leaves nothing behind', async (_when, good) => {
    const id = randomUUID();
    const key = f.store.newKey(id, 'bin');
    await expect(f.store.put(key, failingSource(good))).rejects.toThrow('source broke');
    await expect(f.store.stat(key)).rejects.toBeInstanceOf(FileNotFoundError);
    expect(await f.storedFiles(id)).toEqual([]);
  });

  it('lends a local file holding the bytes; a copy is removed afterwards, whether the caller succeeds or throws', async () => {
    const key = f.store.newKey(randomUUID(), 'docx');
    await f.store.put(key, bytesOf('PK-not-really'));
    let seen = '';
    const text = await f.store.withLocalFile(key, async (path) => {
      seen = path;
      expect(path.endsWith('.docx')).toBe(true);
      return readFile(path, 'utf8');
    });
    expect(text).toBe('PK-not-really');
    await expect(
      f.store.withLocalFile(key, async (path) => {
        seen = path;
        throw new Error('LibreOffice crashed');
      }),
    ).rejects.toThrow('LibreOffice crashed');
    if (f.copyDir) {
      expect(seen.startsWith(f.copyDir)).toBe(true);
      expect(existsSync(seen)).toBe(false);
      expect(await readdir(f.copyDir)).toEqual([]);
    } else {
      // Local disk lends the stored file itself: no copy made, nothing removed.
      expect(existsSync(seen)).toBe(true);
    }
    expect((await f.store.stat(key)).size).toBe('PK-not-really'.length);
  });
});

describe('object storage that cannot be reached', () => {
  it('is a storage fault (50303, Retry-After), never a missing file', async () => {
    const tempDir = await mkdtemp(join(tmpdir(), 'docuflow-store-tmp-'));
    // Port 9 (discard) on loopback: nothing listens, so every request is refused at once.
    const store = createS3FileStore({ endpoint: 'http://127.0.0.1:9', bucket: 'gone', accessKeyId: 'k', secretAccessKey: 's', region: 'us-east-1' }, { tempDir });
    try {
      const key = store.newKey(randomUUID(), 'txt');
      const calls: (() => Promise<unknown>)[] = [() => store.put(key, bytesOf('x')), () => store.get(key), () => store.stat(key), () => store.delete(randomUUID()), () => store.list(Date.now())];
      for (const call of calls) {
        const err: unknown = await call().then(() => undefined, (e: unknown) => e);
        expect(err).toBeInstanceOf(StorageUnavailableError);
        const fault = storageFault(err);
        expect(fault?.code).toBe(ErrorCode.SERVICE_UNAVAILABLE);
        expect(fault?.headers['Retry-After']).toBeDefined();
      }
    } finally {
      await rm(tempDir, { recursive: true, force: true });
    }
  });
});
