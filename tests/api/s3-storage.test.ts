import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { History } from '@contracts/documents.js';
import { ConversionStatus } from '@contracts/statuses.js';
import type { Limit } from '@contracts/quota.js';
import { sweepExpiredFiles, sweepOrphanFiles } from '../../api/jobs/sweeper.js';
import { BILINGUAL_WORKBOOK_JSON, bilingualWorkbook } from '../helpers/fixtures/spreadsheets.js';
import { startTestS3, type TestS3 } from '../helpers/s3-server.js';
import { captureLogs, type LogLine } from '../helpers/log-capture.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

const HOURS_3 = 3 * 3600 * 1000;
let seq = 0;

function form(convertType: string, name: string, bytes: Uint8Array): FormData {
  const f = new FormData();
  f.append('convertType', convertType);
  f.append('files', new Blob([bytes as BlobPart]), name);
  return f;
}

describe.each(testDialects())('files in S3-compatible object storage, on %s', (dialect) => {
  let s3: TestS3;
  let t: TestApp;
  let xlsx: Uint8Array;
  let logs: LogLine[];
  beforeAll(async () => {
    s3 = await startTestS3();
    const capture = captureLogs();
    logs = capture.lines;
    t = await createTestApp(dialect, { s3: s3.settings }, null, undefined, { logger: capture.logger });
    xlsx = await bilingualWorkbook();
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  async function newUser(app = t): Promise<TestClient> {
    const c = app.client();
    const id = `s3u${++seq}${Math.random().toString(36).slice(2, 6)}`;
    expect((await c.post('/api/v1/user/register', { userId: id, password: 'Sunny-Day7', email: `${id}@example.com`, agree: true })).code).toBe(200);
    return c;
  }
  /** What the server logged at warn or above: the cause behind a 50001 or 50303, in the failure's message. */
  const serverErrors = () => JSON.stringify(logs.filter((l) => Number(l.level) >= 40).slice(-3));
  const avail = async (c: TestClient) => (await c.get<Limit>('/api/v1/config/limit')).data.availCount;

  it('uploads to the bucket, converts on the server and streams the result back; nothing lands in the data folder', async () => {
    const c = await newUser();
    const sub = await c.upload<{ documentId: string; files: { size: number }[] }>('/api/v1/document/submit', form('excel-to-json', '库存 报表.xlsx', xlsx));
    expect(sub.code, serverErrors()).toBe(200);
    const id = sub.data.documentId;
    expect(sub.data.files[0]!.size).toBe(xlsx.length);
    expect(await s3.keys(`${id}/`)).toEqual([expect.stringMatching(new RegExp(`^${id}/[0-9a-f]{32}\\.xlsx$`))]);

    expect((await c.post('/api/v1/document/convert', { documentId: id })).code).toBe(200);
    await t.queue.idle();
    const rec = await c.get<History>(`/api/v1/document/${id}`);
    expect(rec.data.status).toBe(ConversionStatus.SUCCEEDED);
    expect(await avail(c)).toBe(19);
    expect(await s3.keys(`${id}/`)).toHaveLength(2);

    const res = await c.raw(rec.data.output.filesInfos[0]!.convertFileUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('库存 报表.json'));
    expect(JSON.parse(await res.text())).toEqual(BILINGUAL_WORKBOOK_JSON);

    // Uploads and results live in the bucket only; the job's temporary copies are gone.
    expect(existsSync(join(t.config.dataDir, 'files'))).toBe(false);
    const tmp = join(t.config.dataDir, 'tmp');
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
  });

  it('checks content from the bucket: a PDF renamed .xlsx is refused (41501) and removed from the bucket', async () => {
    const c = await newUser();
    const before = await s3.keys();
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const res = await c.upload<{ reason: string }>('/api/v1/document/submit', form('excel-to-json', 'report.xlsx', pdf));
    expect(res.code).toBe(41501);
    expect(await s3.keys()).toEqual(before);
  });

  it('after three hours the sweeper deletes the files from the bucket once and the download answers 41001', async () => {
    const c = await newUser();
    const sub = await c.upload<{ documentId: string }>('/api/v1/document/submit', form('excel-to-markdown', 'a.xlsx', xlsx));
    expect(sub.code, serverErrors()).toBe(200);
    const id = sub.data.documentId;
    await c.post('/api/v1/document/convert', { documentId: id });
    await t.queue.idle();
    const url = (await c.get<History>(`/api/v1/document/${id}`)).data.output.filesInfos[0]!.convertFileUrl;
    expect((await c.raw(url)).status).toBe(200);
    expect(await s3.keys(`${id}/`)).toHaveLength(2);

    const later = Date.now() + HOURS_3 + 1000;
    t.advance(HOURS_3 + 1000);
    try {
      expect(await sweepExpiredFiles(t.handle.db, t.store, later)).toBeGreaterThanOrEqual(1);
      expect(await sweepExpiredFiles(t.handle.db, t.store, later)).toBe(0);
      expect(await s3.keys(`${id}/`)).toEqual([]);
      expect(await (await c.raw(url)).json()).toMatchObject({ code: 41001 });
      expect((await c.get<History>(`/api/v1/document/${id}`)).data.expired).toBe(true);
    } finally {
      t.advance(-(HOURS_3 + 1000));
    }
  });

  it('a result removed from the bucket behind the record is a clean 41001', async () => {
    const c = await newUser();
    const id = (await c.upload<{ documentId: string }>('/api/v1/document/submit', form('excel-to-json', 'b.xlsx', xlsx))).data.documentId;
    await c.post('/api/v1/document/convert', { documentId: id });
    await t.queue.idle();
    const url = (await c.get<History>(`/api/v1/document/${id}`)).data.output.filesInfos[0]!.convertFileUrl;
    await t.store.delete(id);
    const res = await c.raw(url);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { code: number }).code).toBe(41001);
  });

  it('the orphan sweep removes objects no conversion owns once they are an hour old, and keeps the rest', async () => {
    const c = await newUser();
    const kept = (await c.upload<{ documentId: string }>('/api/v1/document/submit', form('excel-to-json', 'k.xlsx', xlsx))).data.documentId;
    const orphan = '00000000-dead-beef-0000-00000000abcd';
    await t.store.put(t.store.newKey(orphan, 'csv'), Readable.from([Buffer.from('name,value\nrow')]));
    // Now: both are younger than an hour, so nothing goes.
    expect(await sweepOrphanFiles(t.handle.db, t.store, Date.now())).toBe(0);
    expect(await s3.keys(`${orphan}/`)).toHaveLength(1);
    // Two hours on: the orphan goes, the upload its record still owns stays.
    expect(await sweepOrphanFiles(t.handle.db, t.store, Date.now() + 2 * 3600 * 1000)).toBeGreaterThanOrEqual(1);
    expect(await s3.keys(`${orphan}/`)).toEqual([]);
    expect(await s3.keys(`${kept}/`)).toHaveLength(1);
  });

  it('object storage that is down answers uploads with 50303 and Retry-After, and nothing is charged', async () => {
    const down = await createTestApp(dialect, { s3: { ...s3.settings, endpoint: 'http://127.0.0.1:9' } });
    try {
      const c = await newUser(down);
      const res = await c.upload('/api/v1/document/submit', form('excel-to-json', 'c.xlsx', xlsx));
      expect(res.status).toBe(503);
      expect(res.code).toBe(50303);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await avail(c)).toBe(20);
    } finally {
      await down.close();
    }
  });
});
