import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertConversionId, assertStorageKey, isConversionId, newStorageKey, type FileStore } from './file-store.js';
import { FileNotFoundError, StorageUnavailableError } from './storage-errors.js';

/** Where and as whom to reach an S3-compatible bucket (S3_* settings in api/config.ts). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** Multipart part size: S3's minimum, so an upload holds at most a few parts in memory. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * The file store in an S3-compatible bucket, keys as on local disk (`{conversionId}/{random}.{ext}`),
 * path-style addressing so any S3-compatible server works. Uploads stream in parts; copies for
 * `withLocalFile` go to folders under `tempDir`, removed when the caller is done.
 */
export function createS3FileStore(settings: S3Settings, opts: { tempDir: string; client?: S3Client }): FileStore {
  const Bucket = settings.bucket;
  const client =
    opts.client ??
    new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: many S3-compatible servers reject the newer
      // streaming-trailer checksums that the SDK would otherwise add to every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });

  async function send<T>(what: string, call: () => Promise<T>, key?: string): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (key !== undefined && isNotFound(err)) throw new FileNotFoundError(key);
      throw new StorageUnavailableError(`${what}: ${errorName(err)}`, { cause: err });
    }
  }

  async function get(key: string): Promise<Readable> {
    assertStorageKey(key);
    const res = await send('get', () => client.send(new GetObjectCommand({ Bucket, Key: key })), key);
    if (!(res.Body instanceof Readable)) throw new StorageUnavailableError('get: the object storage sent no stream');
    return res.Body;
  }

  /** Every object under `prefix` (the whole bucket when empty), page by page. */
  async function* objects(prefix: string) {
    let token: string | undefined;
    do {
      const page: ListObjectsV2CommandOutput = await send('list', () => client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token })));
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, modifiedAt: o.LastModified?.getTime() ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    onLocalDisk: false,
    newKey: newStorageKey,
    async put(key, source) {
      assertStorageKey(key);
      // The source's own error (a client gone, a limit hit) is what the caller must see, not the
      // storage's complaint about a body that stopped.
      let sourceError: Error | undefined;
      source.once('error', (err: Error) => {
        sourceError ??= err;
      });
      try {
        await new Upload({ client, params: { Bucket, Key: key, Body: source }, partSize: PART_BYTES, queueSize: 2 }).done();
      } catch (err) {
        // A multipart upload that failed is aborted by lib-storage; this removes a whole object if one was written.
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
        if (sourceError !== undefined) throw sourceError;
        if (err instanceof StorageUnavailableError) throw err;
        throw new StorageUnavailableError(`put: ${errorName(err)}`, { cause: err });
      }
    },
    get,
    async stat(key) {
      assertStorageKey(key);
      const head = await send('stat', () => client.send(new HeadObjectCommand({ Bucket, Key: key })), key);
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified?.getTime() ?? 0 };
    },
    async delete(conversionId) {
      assertConversionId(conversionId);
      const keys: string[] = [];
      for await (const o of objects(`${conversionId}/`)) keys.push(o.key);
      // DeleteObjects takes at most 1000 keys.
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
        const res = await send('delete', () => client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } })));
        if (res.Errors?.length) throw new StorageUnavailableError(`delete: ${res.Errors[0]?.Code ?? 'failed'}`);
      }
    },
    async list(olderThan) {
      // The bucket holds three hours of files at most, so a full listing stays small.
      const newest = new Map<string, number>();
      for await (const o of objects('')) {
        const id = o.key.split('/')[0] ?? '';
        if (isConversionId(id)) newest.set(id, Math.max(newest.get(id) ?? 0, o.modifiedAt));
      }
      return [...newest].filter(([, t]) => t < olderThan).map(([id]) => id);
    },
    async withLocalFile(key, fn) {
      const body = await get(key);
      await mkdir(opts.tempDir, { recursive: true });
      const dir = await mkdtemp(join(opts.tempDir, 'copy-'));
      try {
        // The key's own file name keeps the extension that LibreOffice and the content check go by.
        const path = join(dir, basename(key));
        const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
        let diskError: Error | undefined;
        out.once('error', (err) => {
          diskError = err;
        });
        // A local disk fault (ENOSPC) stays what it is; anything else broke the download.
        await pipeline(body, out).catch((err: unknown) => {
          throw diskError ?? new StorageUnavailableError('get: the download broke off', { cause: err });
        });
        return await fn(path);
      } finally {
        body.destroy();
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The S3 error's name (NoSuchBucket, SlowDown…) or the network error's code (ECONNREFUSED…), for logs. */
function errorName(err: unknown): string {
  const e = err as { name?: string; code?: string } | null;
  return e?.code ?? e?.name ?? 'unknown';
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string } | null;
  // By name only: a missing bucket is a 404 too, and that is the storage misconfigured, not a file gone.
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound';
}
