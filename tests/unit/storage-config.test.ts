import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../api/config.js';
import { fileStoreFromConfig } from '../../api/storage/store-from-config.js';

const S3_ENV = { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'docuflow', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

describe('the file store setting', () => {
  it('is local disk under DATA_DIR by default', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.s3).toBeUndefined();
    expect(fileStoreFromConfig(config).onLocalDisk).toBe(true);
  });

  it('is the S3 bucket when all four S3 settings are given, in us-east-1 unless S3_REGION says otherwise', () => {
    const config = loadConfig({ NODE_ENV: 'test', ...S3_ENV });
    expect(config.s3).toEqual({ endpoint: 'http://127.0.0.1:9000', bucket: 'docuflow', accessKeyId: 'id', secretAccessKey: 'secret', region: 'us-east-1' });
    expect(fileStoreFromConfig(config).onLocalDisk).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', ...S3_ENV, S3_REGION: 'eu-central-1' }).s3?.region).toBe('eu-central-1');
  });

  it('refuses to start with only some of them, or an endpoint that is not a URL, naming what is wrong', () => {
    const { S3_SECRET_ACCESS_KEY: _left, ...three } = S3_ENV;
    expect(() => loadConfig({ NODE_ENV: 'test', ...three })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', ...three })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'test', ...S3_ENV, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
  });
});

describe('the data folder setting', () => {
  it('is made absolute against the working folder once, where configuration is read (LibreOffice, ffmpeg and Chromium run elsewhere)', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).dataDir).toBe(resolve('data'));
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: './var/../store' }).dataDir).toBe(resolve('store'));
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/srv/docuflow' }).dataDir).toBe('/srv/docuflow');
  });
});
