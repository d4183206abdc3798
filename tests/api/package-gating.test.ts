import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, Limit } from '@contracts/quota.js';
import { ConversionStatus } from '@contracts/statuses.js';
import { setBundleConvertTypes } from '../../api/repositories/bundles.repository.js';
import { grantBundle } from '../../api/services/quota.service.js';
import { bilingualWorkbook } from '../helpers/fixtures/spreadsheets.js';
import { reportPdf } from '../helpers/fixtures/pdfs.js';
import { grantPaidBundle } from '../helpers/grant-bundle.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

const MB = 1024 * 1024;
const DAY = 86_400_000;
/** The seeded subset bundle (api/db/seed-data.ts): PDF conversions only, 100 conversions, 50 MB, batches of 5. */
const PDF_PACK = { id: 'pdf-pack', types: ['pdf-to-word', 'pdf-to-excel', 'pdf-to-ppt', 'pdf-to-html', 'pdf-to-xml'] };
let seq = 0;

type FileMeta = { name: string; size: number };

function form(convertType: string, files: { name: string; bytes: Uint8Array }[]): FormData {
  const f = new FormData();
  f.append('convertType', convertType);
  for (const file of files) f.append('files', new Blob([file.bytes as BlobPart]), file.name);
  return f;
}

describe.each(testDialects())('gating by package on %s', (dialect) => {
  let t: TestApp;
  let xlsx: Uint8Array;
  let pdf: Uint8Array;

  /** A bundle staff set up (unpublished, so the public lists stay the seeded ones): conversions, MB, batch count, types (null: all). */
  async function addBundle(id: string, count: number, sizeMb: number, batch: number, convertTypes: string[] | null) {
    const at = Date.now();
    await t.handle.db
      .insertInto('bundles')
      .values({ id, name: id, name_zh: id, desc: '', desc_zh: '', bundle_icon: '', price: 100, currency: 'USD', duration: 'ONE_MONTH', trial: 0, published: 0, batch: batch > 1 ? 1 : 0, sort_order: 9, created_at: at, updated_at: at })
      .execute();
    await t.handle.db
      .insertInto('bundle_quotas')
      .values([
        { bundle_id: id, product_id: 'convert', quota_type: 'TYPE_API', quota: count },
        { bundle_id: id, product_id: 'convert', quota_type: 'TYPE_SIZE', quota: sizeMb * MB },
        { bundle_id: id, product_id: 'convert', quota_type: 'TYPE_BATCH_COUNT', quota: batch },
      ])
      .execute();
    await setBundleConvertTypes(t.handle.db, id, convertTypes);
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    xlsx = await bilingualWorkbook();
    pdf = await reportPdf();
    await addBundle('gate-tiny', 2, 20, 1, ['pdf-to-word']);
    await addBundle('gate-edit', 10, 20, 3, null);
  });
  afterAll(() => t.close());

  async function register(userId: string, email: string): Promise<TestClient> {
    const c = t.client();
    expect((await c.post('/api/v1/user/register', { userId, password: 'Sunny-Day7', email, agree: true })).code).toBe(200);
    return c;
  }

  /** A new account with the free trial (every type, 20 conversions, 10 MB, one file at a time). */
  async function trialUser(): Promise<{ c: TestClient; userId: string }> {
    seq += 1;
    const userId = `gt${seq}${Math.random().toString(36).slice(2, 6)}`;
    return { c: await register(userId, `${userId}@example.com`), userId };
  }

  /** A second account of a mailbox that already had the trial: it starts with no package at all. */
  async function bareUser(): Promise<{ c: TestClient; userId: string }> {
    const first = await trialUser();
    const userId = `${first.userId}b`;
    const c = await register(userId, `${first.userId}+b@example.com`);
    expect((await limit(c)).availCount).toBe(0);
    return { c, userId };
  }

  const internalId = async (userId: string) =>
    (await t.handle.db.selectFrom('users').select('id').where('user_id_lower', '=', userId.toLowerCase()).executeTakeFirstOrThrow()).id;
  const limit = async (c: TestClient, convertType?: string) =>
    (await c.get<Limit>(`/api/v1/config/limit${convertType ? `?convertType=${convertType}` : ''}`)).data;
  const spent = async (c: TestClient) => (await c.get<{ total: number }>('/api/v1/my/history?page=1')).data.total;
  const browserConvert = (c: TestClient, convertType: string, files: FileMeta[]) =>
    c.post<{ documentId: string; status: number }>('/api/v1/document/convert', { convertType, engine: 'browser', files });
  const submit = (c: TestClient, convertType: string, files: { name: string; bytes: Uint8Array }[]) =>
    c.upload<{ documentId: string }>('/api/v1/document/submit', form(convertType, files));
  const serverConvert = (c: TestClient, documentId: string) => c.post<{ status: number }>('/api/v1/document/convert', { documentId });
  const storeRoot = () => join(t.config.dataDir, 'files');
  const storedUploads = () => (existsSync(storeRoot()) ? readdirSync(storeRoot()).length : 0);
  const one = (name: string, size = 1000): FileMeta[] => [{ name, size }];

  describe('bundles say which conversion types they include', () => {
    it('the seeded bundles include every type (null); the PDF pack lists only its PDF types', async () => {
      const list = (await t.client().get<Bundle[]>('/api/v1/bundle/list')).data;
      for (const id of ['trial', 'monthly', 'half-year', 'yearly']) expect(list.find((b) => b.id === id)?.features.convertTypes).toBeNull();
      const pack = list.find((b) => b.id === PDF_PACK.id)!;
      expect(pack.features.batch).toBe(true);
      expect(pack.features.convertTypes).toEqual([...PDF_PACK.types].sort());
      expect(pack.quotas.find((q) => q.quotaType === 'TYPE_API')?.quota).toBe(100);
    });

    it('GET /bundle/list?convertType= lists only the bundles that include it; a bad type is 40001', async () => {
      const including = async (type: string) => {
        const list = (await t.client().get<Bundle[]>(`/api/v1/bundle/list?convertType=${type}`)).data;
        for (const b of list) expect(b.features.convertTypes === null || b.features.convertTypes.includes(type)).toBe(true);
        return list.map((b) => b.id);
      };
      const everyType = ['trial', 'monthly', 'half-year', 'yearly'];
      expect(await including('pdf-to-word')).toEqual(expect.arrayContaining([...everyType, PDF_PACK.id]));
      const excel = await including('excel-to-json');
      expect(excel).toEqual(expect.arrayContaining(everyType));
      expect(excel).not.toContain(PDF_PACK.id);
      const bad = await t.client().get('/api/v1/bundle/list?convertType=pdf%20to%20word');
      expect(bad.code).toBe(40001);
      expect(bad.data).toEqual({ convertType: 'validation.convertTypeInvalid' });
      // The product filter of the spec's path still answers as before.
      expect((await t.client().get<Bundle[]>('/api/v1/bundle/list/convert')).data.map((b) => b.id)).toContain(PDF_PACK.id);
    });

    it('GET /config/limit?convertType= answers with the live packages that include that type', async () => {
      const { c, userId } = await trialUser();
      await grantPaidBundle(t.handle.db, userId, PDF_PACK.id);
      expect(await limit(c, 'pdf-to-word')).toEqual({ batch: true, maxBatchCount: 5, maxFileSize: 50 * MB, availCount: 120 });
      expect(await limit(c, 'excel-to-json')).toEqual({ batch: false, maxBatchCount: 1, maxFileSize: 10 * MB, availCount: 20 });
      expect(await limit(c)).toEqual({ batch: true, maxBatchCount: 5, maxFileSize: 50 * MB, availCount: 120 });
      expect((await c.get('/api/v1/config/limit?convertType=nope')).code).toBe(40001);
    });
  });

  describe('a subset bundle allows its types and refuses the others with 1001', () => {
    it('browser engine: pdf-to-word is spent from the PDF pack; excel-to-json is 1001 and spends nothing', async () => {
      const { c, userId } = await bareUser();
      await grantPaidBundle(t.handle.db, userId, PDF_PACK.id);
      const ok = await browserConvert(c, 'pdf-to-word', one('report.pdf'));
      expect(ok.code).toBe(200);
      expect((await limit(c)).availCount).toBe(99);

      const refused = await browserConvert(c, 'excel-to-json', one('sheet.xlsx'));
      expect(refused.code).toBe(1001);
      expect(refused.data).toEqual({ convertType: 'excel-to-json' });
      expect((await browserConvert(c, 'excel-to-html', one('sheet.csv'))).code).toBe(1001);
      expect((await limit(c)).availCount).toBe(99);
      expect(await spent(c)).toBe(1);
    });

    it('server path: the upload of a type outside the package is 1001 before anything is stored; an included type converts', async () => {
      const { c, userId } = await bareUser();
      await grantPaidBundle(t.handle.db, userId, PDF_PACK.id);
      const before = storedUploads();
      const refused = await submit(c, 'excel-to-json', [{ name: 'sheet.xlsx', bytes: xlsx }]);
      expect(refused.code).toBe(1001);
      expect(refused.data).toEqual({ convertType: 'excel-to-json' });
      expect(storedUploads()).toBe(before);

      const sub = await submit(c, 'pdf-to-word', [{ name: 'report.pdf', bytes: pdf }]);
      expect(sub.code).toBe(200);
      expect((await serverConvert(c, sub.data.documentId)).code).toBe(200);
      expect((await limit(c)).availCount).toBe(99);
      await t.queue.idle();
      expect((await c.get<{ status: number }>(`/api/v1/document/${sub.data.documentId}`)).data.status).toBe(ConversionStatus.SUCCEEDED);
    });

    it('server path: POST /document/convert checks again, so a type staff took out of the package is 1001 there, with nothing spent', async () => {
      const { c, userId } = await bareUser();
      await grantPaidBundle(t.handle.db, userId, 'gate-edit');
      const sub = await submit(c, 'excel-to-json', [{ name: 'sheet.xlsx', bytes: xlsx }]);
      expect(sub.code).toBe(200);
      await setBundleConvertTypes(t.handle.db, 'gate-edit', ['pdf-to-word']);
      try {
        const refused = await serverConvert(c, sub.data.documentId);
        expect(refused.code).toBe(1001);
        expect((await limit(c)).availCount).toBe(10);
        expect((await c.get<{ status: number }>(`/api/v1/document/${sub.data.documentId}`)).data.status).toBe(ConversionStatus.CONVERTING);
      } finally {
        await setBundleConvertTypes(t.handle.db, 'gate-edit', null);
      }
      // Included again: the same upload converts and spends one unit.
      expect((await serverConvert(c, sub.data.documentId)).code).toBe(200);
      expect((await limit(c)).availCount).toBe(9);
      await t.queue.idle();
    });

    it('a live package without the type is 1001 even when an ended one had it', async () => {
      const { c, userId } = await bareUser();
      const id = await internalId(userId);
      // Every-type bundle granted 31 days ago: its month is over.
      await grantBundle(t.handle.db, id, 'monthly', 'admin', 'ended-monthly', Date.now() - 31 * DAY);
      await grantPaidBundle(t.handle.db, userId, PDF_PACK.id);
      expect((await browserConvert(c, 'excel-to-json', one('sheet.xlsx'))).code).toBe(1001);
      expect((await browserConvert(c, 'pdf-to-xml', one('a.pdf'))).code).toBe(200);
    });
  });

  describe('"all" bundles allow everything', () => {
    it('the trial and a paid every-type bundle convert any offered type, on both paths', async () => {
      const { c } = await trialUser();
      for (const type of ['excel-to-json', 'excel-to-html', 'pdf-to-word', 'pdf-to-excel', 'pdf-to-xml']) {
        expect((await browserConvert(c, type, one(type.startsWith('pdf') ? 'a.pdf' : 'a.xlsx'))).code).toBe(200);
      }
      const sub = await submit(c, 'excel-to-json', [{ name: 'sheet.xlsx', bytes: xlsx }]);
      expect(sub.code).toBe(200);
      expect((await serverConvert(c, sub.data.documentId)).code).toBe(200);
      expect((await limit(c)).availCount).toBe(14);
      await t.queue.idle();

      const paid = await bareUser();
      await grantPaidBundle(t.handle.db, paid.userId, 'monthly');
      expect((await browserConvert(paid.c, 'pdf-to-ppt', one('a.pdf'))).code).toBe(200);
      expect((await browserConvert(paid.c, 'excel-to-json', [{ name: 'a.xlsx', size: 1 }, { name: 'b.xlsx', size: 1 }])).code).toBe(200);
      expect((await limit(paid.c)).availCount).toBe(297);
    });
  });

  describe('the spec\'s codes from real packages, nothing spent on a refusal', () => {
    it('no package at all: 1001 on both paths', async () => {
      const { c } = await bareUser();
      const refused = await browserConvert(c, 'excel-to-json', one('a.xlsx'));
      expect(refused.code).toBe(1001);
      expect(refused.data).toEqual({ convertType: 'excel-to-json' });
      expect((await submit(c, 'excel-to-json', [{ name: 'sheet.xlsx', bytes: xlsx }])).code).toBe(1001);
      expect(await spent(c)).toBe(0);
    });

    it('1002: several files where the type\'s packages have no batch, on both paths (even when another package has batches)', async () => {
      const { c, userId } = await trialUser();
      await grantPaidBundle(t.handle.db, userId, PDF_PACK.id);
      const two = [{ name: 'a.xlsx', size: 10 }, { name: 'b.xlsx', size: 10 }];
      expect((await browserConvert(c, 'excel-to-json', two)).code).toBe(1002);
      expect((await browserConvert(c, 'pdf-to-word', [{ name: 'a.pdf', size: 10 }, { name: 'b.pdf', size: 10 }])).code).toBe(200);
      const before = storedUploads();
      expect((await submit(c, 'excel-to-json', [{ name: 'a.xlsx', bytes: xlsx }, { name: 'b.xlsx', bytes: xlsx }])).code).toBe(1002);
      expect(storedUploads()).toBe(before);
      expect((await limit(c)).availCount).toBe(118);
    });

    it('1003: more files than the batch count, on both paths', async () => {
      const { c, userId } = await bareUser();
      await grantPaidBundle(t.handle.db, userId, PDF_PACK.id);
      const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.pdf`, size: 10 }));
      const refused = await browserConvert(c, 'pdf-to-word', six);
      expect(refused.code).toBe(1003);
      expect(refused.data).toEqual({ maxBatchCount: 5 });
      expect((await submit(c, 'pdf-to-word', six.map((f) => ({ name: f.name, bytes: pdf })))).code).toBe(1003);
      expect((await limit(c)).availCount).toBe(100);
      expect((await browserConvert(c, 'pdf-to-word', six.slice(0, 5))).code).toBe(200);
      expect((await limit(c)).availCount).toBe(95);
    });

    it('1004: no conversions left in the packages that include the type', async () => {
      const { c, userId } = await bareUser();
      await grantPaidBundle(t.handle.db, userId, 'gate-tiny');
      expect((await browserConvert(c, 'pdf-to-word', one('a.pdf'))).code).toBe(200);
      expect((await browserConvert(c, 'pdf-to-word', one('b.pdf'))).code).toBe(200);
      expect((await browserConvert(c, 'pdf-to-word', one('c.pdf'))).code).toBe(1004);
      expect((await browserConvert(c, 'pdf-to-html', one('c.pdf'))).code).toBe(1001);
      expect(await spent(c)).toBe(2);
    });

    it('1005: a file over the type\'s size limit, on both paths, while a larger package for other types allows it', async () => {
      const { c, userId } = await trialUser();
      await grantPaidBundle(t.handle.db, userId, PDF_PACK.id);
      const refused = await browserConvert(c, 'excel-to-json', one('big.xlsx', 10 * MB + 1));
      expect(refused.code).toBe(1005);
      expect(refused.data).toEqual({ maxFileSize: 10 * MB });
      expect((await browserConvert(c, 'pdf-to-word', one('big.pdf', 10 * MB + 1))).code).toBe(200);
      const before = storedUploads();
      // Within the 50 MB the PDF pack allows, so only the type's own limit (the trial's 10 MB) stops it, mid-stream.
      const upload = await submit(c, 'excel-to-json', [{ name: 'big.xlsx', bytes: new Uint8Array(11 * MB) }]);
      expect(upload.code).toBe(1005);
      expect(upload.data).toEqual({ maxFileSize: 10 * MB });
      expect(storedUploads()).toBe(before);
      expect((await limit(c)).availCount).toBe(119);
    });
  });

  describe('the trial\'s expiry gives 1004, not 1001', () => {
    it('after the trial\'s seven days: 1004 on the browser path and at upload; a type it never had is still 1001 once another package is live', async () => {
      const { c } = await trialUser();
      t.advance(7 * DAY + 1000);
      try {
        expect((await browserConvert(c, 'excel-to-json', one('a.xlsx'))).code).toBe(1004);
        expect((await browserConvert(c, 'pdf-to-word', one('a.pdf'))).code).toBe(1004);
        expect((await submit(c, 'excel-to-json', [{ name: 'sheet.xlsx', bytes: xlsx }])).code).toBe(1004);
        expect(await spent(c)).toBe(0);
      } finally {
        t.advance(-(7 * DAY + 1000));
      }
    });

    it('a trial ending between upload and POST /document/convert: 1004 there, nothing spent', async () => {
      const { c, userId } = await bareUser();
      // The trial bundle itself, granted so that it ends an hour from now (uploads are kept three hours).
      await grantBundle(t.handle.db, await internalId(userId), 'trial', 'trial', 'trial', Date.now() - 7 * DAY + 3600_000);
      const sub = await submit(c, 'excel-to-json', [{ name: 'sheet.xlsx', bytes: xlsx }]);
      expect(sub.code).toBe(200);
      t.advance(2 * 3600_000);
      try {
        expect((await serverConvert(c, sub.data.documentId)).code).toBe(1004);
        expect((await t.handle.db.selectFrom('user_quotas').select('avail_quota').where('quota_type', '=', 'TYPE_API').where('user_id', '=', await internalId(userId)).executeTakeFirstOrThrow()).avail_quota).toBe(20);
      } finally {
        t.advance(-2 * 3600_000);
      }
    });

    it('an ended subset package: 1004 for its types, 1001 for the others', async () => {
      const { c, userId } = await bareUser();
      await grantBundle(t.handle.db, await internalId(userId), PDF_PACK.id, 'admin', 'ended-pack', Date.now() - 31 * DAY);
      expect((await browserConvert(c, 'pdf-to-word', one('a.pdf'))).code).toBe(1004);
      expect((await browserConvert(c, 'excel-to-json', one('a.xlsx'))).code).toBe(1001);
    });
  });
});
