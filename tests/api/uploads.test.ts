import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { History } from '@contracts/documents.js';
import type { Limit } from '@contracts/quota.js';
import { ConversionStatus } from '@contracts/statuses.js';
import { sweepExpiredFiles } from '../../api/jobs/sweeper.js';
import { BILINGUAL_WORKBOOK_JSON, bilingualWorkbook } from '../helpers/fixtures/spreadsheets.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

const MB = 1024 * 1024;
let seq = 0;

function form(convertType: string, files: { name: string; bytes: Uint8Array }[]): FormData {
  const f = new FormData();
  f.append('convertType', convertType);
  for (const file of files) f.append('files', new Blob([file.bytes as BlobPart]), file.name);
  return f;
}

/** A .docx-looking zip whose one part inflates from about 60 KB to 60 MB. */
async function zipBomb(): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<Types/>');
  zip.file('word/document.xml', new Uint8Array(60 * MB));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

describe.each(testDialects())('uploads and server conversions on %s', (dialect) => {
  let t: TestApp;
  let xlsx: Uint8Array;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    xlsx = await bilingualWorkbook();
  });
  afterAll(() => t.close());

  async function newUser(): Promise<TestClient> {
    const c = t.client();
    seq += 1;
    const id = `up${seq}${Math.random().toString(36).slice(2, 6)}`;
    expect((await c.post('/api/v1/user/register', { userId: id, password: 'Sunny-Day7', email: `${id}@example.com`, agree: true })).code).toBe(200);
    return c;
  }

  const storeRoot = () => join(t.config.dataDir, 'files');
  const storedConversions = () => (existsSync(storeRoot()) ? readdirSync(storeRoot()) : []);
  const avail = async (c: TestClient) => (await c.get<Limit>('/api/v1/config/limit')).data.availCount;

  it('uploads, converts on the server with the engine code, and serves the result to its owner only', async () => {
    const c = await newUser();
    const sub = await c.upload<{ documentId: string; files: { fileId: string; name: string; size: number }[] }>('/api/v1/document/submit', form('excel-to-json', [{ name: '库存 报表.xlsx', bytes: xlsx }]));
    expect(sub.code).toBe(200);
    expect(sub.data.files[0]).toMatchObject({ name: '库存 报表.xlsx', size: xlsx.length });
    expect(await avail(c)).toBe(20);
    // Stored under a random name, never the user's.
    const stored = readdirSync(join(storeRoot(), sub.data.documentId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^[0-9a-f]{32}\.xlsx$/);

    const conv = await c.post<{ status: number }>('/api/v1/document/convert', { documentId: sub.data.documentId });
    expect(conv.code).toBe(200);
    expect(await avail(c)).toBe(19);
    expect((await c.post('/api/v1/document/convert', { documentId: sub.data.documentId })).code).toBe(200);
    expect(await avail(c)).toBe(19);
    await t.queue.idle();

    const rec = await c.get<History>(`/api/v1/document/${sub.data.documentId}`);
    expect(rec.data.status).toBe(ConversionStatus.SUCCEEDED);
    const info = rec.data.output.filesInfos[0]!;
    expect(info.convertFileName).toBe('库存 报表.json');
    const res = await c.raw(info.convertFileUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="__ __.json"; filename*=UTF-8''${encodeURIComponent('库存 报表.json')}`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(JSON.parse(await res.text())).toEqual(BILINGUAL_WORKBOOK_JSON);

    const other = await newUser();
    expect(await (await other.raw(info.convertFileUrl)).json()).toMatchObject({ code: 40404 });
    expect((await other.post('/api/v1/document/convert', { documentId: sub.data.documentId })).code).toBe(40404);
  });

  it('refuses a PDF renamed .xlsx and random bytes named .docx with 41501, storing nothing', async () => {
    const c = await newUser();
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const renamed = await c.upload<{ reason: string }>('/api/v1/document/submit', form('excel-to-json', [{ name: 'report.xlsx', bytes: pdf }]));
    expect(renamed.code).toBe(41501);
    expect(renamed.data.reason).toBe('mismatch');
    const noise = new Uint8Array(4096).map((_, i) => (i * 7919) % 251);
    expect((await c.upload('/api/v1/document/submit', form('word-to-pdf', [{ name: 'letter.docx', bytes: noise }]))).code).toBe(41501);
    const pdfAsDocx = await c.upload('/api/v1/document/submit', form('word-to-pdf', [{ name: 'letter.docx', bytes: pdf }]));
    expect(pdfAsDocx.code).toBe(41501);
    expect((await c.get<{ total: number }>('/api/v1/my/history')).data.total).toBe(0);
  });

  it('refuses a zip bomb before any engine sees it', async () => {
    const c = await newUser();
    const res = await c.upload<{ reason: string }>('/api/v1/document/submit', form('word-to-pdf', [{ name: 'bomb.docx', bytes: await zipBomb() }]));
    expect(res.code).toBe(41501);
    expect(res.data.reason).toBe('zipBomb');
    expect(await avail(c)).toBe(20);
  });

  it('refuses an oversized upload while streaming (1005) or by its length (41301), with nothing spent or kept', async () => {
    const c = await newUser();
    const before = storedConversions().length;
    const big = new Uint8Array(10 * MB + 10);
    big.set(new TextEncoder().encode('%PDF-1.4'));
    const streamed = await c.upload('/api/v1/document/submit', form('pdf-to-word', [{ name: 'big.pdf', bytes: big }]));
    expect(streamed.code).toBe(1005);
    const huge = new Uint8Array(11 * MB);
    const declared = await c.upload('/api/v1/document/submit', form('pdf-to-word', [{ name: 'huge.pdf', bytes: huge }]));
    expect(declared.status).toBe(413);
    expect(declared.code).toBe(41301);
    expect(await avail(c)).toBe(20);
    expect(storedConversions().length).toBe(before);
  });

  it('refuses a second file without a batch bundle (1002) and a file of the wrong type (40001)', async () => {
    const c = await newUser();
    expect((await c.upload('/api/v1/document/submit', form('excel-to-json', [{ name: 'a.xlsx', bytes: xlsx }, { name: 'b.xlsx', bytes: xlsx }]))).code).toBe(1002);
    expect((await c.upload('/api/v1/document/submit', form('excel-to-json', [{ name: 'a.docx', bytes: xlsx }]))).code).toBe(40001);
    expect((await c.upload('/api/v1/document/submit', form('nope-to-json', [{ name: 'a.xlsx', bytes: xlsx }]))).code).toBe(40001);
  });

  it('after three hours the result is gone (41001), the sweeper deletes the files once, and history says expired', async () => {
    const c = await newUser();
    const sub = await c.upload<{ documentId: string }>('/api/v1/document/submit', form('excel-to-markdown', [{ name: 'a.xlsx', bytes: xlsx }]));
    await c.post('/api/v1/document/convert', { documentId: sub.data.documentId });
    await t.queue.idle();
    const url = (await c.get<History>(`/api/v1/document/${sub.data.documentId}`)).data.output.filesInfos[0]!.convertFileUrl;
    expect((await c.raw(url)).status).toBe(200);
    const later = Date.now() + 3 * 3600 * 1000 + 1000;
    t.advance(3 * 3600 * 1000 + 1000);
    try {
      expect(await (await c.raw(url)).json()).toMatchObject({ code: 41001 });
      expect(await sweepExpiredFiles(t.handle.db, t.store, later)).toBeGreaterThanOrEqual(1);
      expect(await sweepExpiredFiles(t.handle.db, t.store, later)).toBe(0);
      expect(existsSync(join(storeRoot(), sub.data.documentId))).toBe(false);
      expect(await (await c.raw(url)).json()).toMatchObject({ code: 41001 });
      expect((await c.get<History>(`/api/v1/document/${sub.data.documentId}`)).data.expired).toBe(true);
    } finally {
      t.advance(-(3 * 3600 * 1000 + 1000));
    }
  });

  it('a conversion that fails on the server ends failed and is refunded', async () => {
    const c = await newUser();
    // xls needs LibreOffice, which this app was built without.
    const ole = new Uint8Array(1024);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const sub = await c.upload<{ documentId: string }>('/api/v1/document/submit', form('excel-to-json', [{ name: 'old.xls', bytes: ole }]));
    expect(sub.code).toBe(200);
    await c.post('/api/v1/document/convert', { documentId: sub.data.documentId });
    await t.queue.idle();
    const rec = await c.get<History>(`/api/v1/document/${sub.data.documentId}`);
    expect(rec.data.status).toBe(ConversionStatus.FAILED);
    expect(rec.data.reason).toBe('engineUnavailable');
    expect(await avail(c)).toBe(20);
  });
});
