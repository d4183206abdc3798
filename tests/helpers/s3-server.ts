import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../../api/storage/s3-file-store.js';

/** s3rver's built-in account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  /** Settings of a fresh, empty bucket on the server. */
  settings: S3Settings;
  /** Every key in the bucket under `prefix`, read straight from the server (not through a FileStore). */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, pure JavaScript) on 127.0.0.1 with one bucket, its
 * objects in a temporary folder removed on close.
 */
export async function startTestS3(bucket = 'docuflow-test'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'docuflow-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const settings: S3Settings = { endpoint: `http://127.0.0.1:${port}`, bucket, region: 'us-east-1', ...CREDENTIALS };
  const client = new S3Client({ endpoint: settings.endpoint, region: settings.region, forcePathStyle: true, credentials: CREDENTIALS });
  return {
    settings,
    async keys(prefix = '') {
      const out: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) out.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out.sort();
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
