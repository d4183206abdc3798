import { join } from 'node:path';
import type { AppConfig } from '../config.js';
import type { FileStore } from './file-store.js';
import { createLocalFileStore } from './local-file-store.js';
import { createS3FileStore } from './s3-file-store.js';

/** Temporary local copies of stored files (object storage only); removed by whoever made them. */
export const storeTempFolder = (dataDir: string) => join(dataDir, 'tmp');

/** The file store the settings ask for: the S3 bucket when S3_* are set, else local disk under DATA_DIR/files. */
export function fileStoreFromConfig(config: Pick<AppConfig, 'dataDir' | 's3'>): FileStore {
  if (config.s3) return createS3FileStore(config.s3, { tempDir: storeTempFolder(config.dataDir) });
  return createLocalFileStore(join(config.dataDir, 'files'));
}
