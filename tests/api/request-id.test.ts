import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { History } from '@contracts/documents.js';
import { ConversionStatus } from '@contracts/statuses.js';
import type { OfficePort } from '../../api/jobs/office-port.js';
import { pgBossQueueFactory } from '../../api/jobs/pg-boss-queue.js';
import { startPgBoss, stopPgBoss } from '../../api/jobs/pg-boss.js';
import { createLibreOfficePool, findSoffice, OfficeError } from '../../api/office/pool.js';
import { bilingualDocx } from '../helpers/fixtures/office.js';
import { captureLogs, type LogLine } from '../helpers/log-capture.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

let seq = 0;
const SAFE = /^[A-Za-z0-9._-]{8,64}$/;

async function newUser(t: TestApp): Promise<TestClient> {
  const c = t.client();
  const id = `rid${++seq}${Math.random().toString(36).slice(2, 6)}`;
  expect((await c.post('/api/v1/user/register', { userId: id, password: 'Sunny-Day7', email: `${id}@example.com`, agree: true })).code).toBe(200);
  return c;
}

/** Uploads one file and starts its server conversion under the request id `reqId`; returns the document id. */
async function convertAs(c: TestClient, reqId: string, convertType: string, name: string, bytes: Uint8Array | string): Promise<string> {
  const form = new FormData();
  form.append('convertType', convertType);
  form.append('files', new Blob([bytes as BlobPart]), name);
  const sub = await c.upload<{ documentId: string }>('/api/v1/document/submit', form);
  expect(sub.code).toBe(200);
  const res = await c.post('/api/v1/document/convert', { documentId: sub.data.documentId }, { headers: { 'x-request-id': reqId } });
  expect(res.code).toBe(200);
  expect(res.headers.get('x-request-id')).toBe(reqId);
  return sub.data.documentId;
}

async function statusOf(c: TestClient, id: string): Promise<number> {
  return (await c.get<History>(`/api/v1/document/${id}`)).data.status;
}

/** The log lines of one job, in order, by message. */
const jobLines = (lines: LogLine[], conversionId: string) => lines.filter((l) => l.conversionId === conversionId);

describe.each(testDialects())('one request id from the HTTP request to the engine, on %s', (dialect) => {
  let t: TestApp;
  const logs = captureLogs();
  /** LibreOffice stand-in; with `failNext` set, its next conversion fails the way a crashed instance does. */
  let failNext = false;
  const office: OfficePort = {
    async convert(_input, outDir) {
      if (failNext) {
        failNext = false;
        throw new OfficeError('crashed', 'stand-in crash');
      }
      const out = join(outDir, 'out.pdf');
      await writeFile(out, '%PDF-1.4\n% stand-in\n');
      return out;
    },
  };
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { engine: office, size: 1 }, undefined, { logger: logs.logger });
  });
  afterAll(() => t.close());

  it('keeps a safe X-Request-Id, echoes it and logs the request under it', async () => {
    const res = await t.client().get('/api/v1/health', { 'x-request-id': 'lb-7f3a9c1e.trace_01' });
    expect(res.headers.get('x-request-id')).toBe('lb-7f3a9c1e.trace_01');
    expect(logs.lines).toContainEqual(expect.objectContaining({ msg: 'request', reqId: 'lb-7f3a9c1e.trace_01', path: '/api/v1/health' }));
  });

  it('replaces an unsafe or oversized X-Request-Id with one of its own', async () => {
    for (const given of ['has spaces in it', '<script>alert(1)</script>', 'x'.repeat(65), 'short', 'a"b;c=d,e/f']) {
      const res = await t.client().get('/api/v1/health', { 'x-request-id': given });
      const echoed = res.headers.get('x-request-id');
      expect(echoed, given).not.toBe(given);
      expect(echoed).toMatch(SAFE);
      expect(logs.lines.some((l) => l.reqId === given)).toBe(false);
    }
  });

  it('a server conversion logs its start, each engine call and its end under the request id that queued it', async () => {
    const c = await newUser(t);
    const reqId = `conv-${randomBytes(6).toString('hex')}`;
    // Word → PDF goes through LibreOffice, CSV → JSON through the engine threads.
    const viaOffice = await convertAs(c, reqId, 'word-to-pdf', 'report.docx', await bilingualDocx());
    const viaThreads = await convertAs(c, reqId, 'excel-to-json', 'sales.csv', 'item,qty\nbolts,3\n');
    await t.queue.idle();
    expect(await statusOf(c, viaOffice)).toBe(ConversionStatus.SUCCEEDED);
    expect(await statusOf(c, viaThreads)).toBe(ConversionStatus.SUCCEEDED);

    for (const [id, engine] of [[viaOffice, 'libreoffice'], [viaThreads, 'engine-threads']] as const) {
      const lines = jobLines(logs.lines, id);
      expect(lines.map((l) => l.msg)).toEqual(['conversion job started', 'engine call done', 'conversion job finished']);
      for (const line of lines) expect(line.reqId, `${engine}: ${line.msg}`).toBe(reqId);
      expect(lines[1]).toMatchObject({ engine });
    }
  });

  it('a failing engine call and the job\'s failure carry the request id too', async () => {
    const c = await newUser(t);
    const reqId = `fail-${randomBytes(6).toString('hex')}`;
    failNext = true;
    const id = await convertAs(c, reqId, 'word-to-pdf', 'report.docx', await bilingualDocx());
    await t.queue.idle();
    expect(await statusOf(c, id)).toBe(ConversionStatus.FAILED);
    const lines = jobLines(logs.lines, id);
    expect(lines.map((l) => l.msg)).toEqual(['conversion job started', 'engine call failed', 'conversion job failed']);
    for (const line of lines) expect(line.reqId).toBe(reqId);
    expect(lines[2]).toMatchObject({ engine: 'libreoffice', reason: 'crashed', refunded: true });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the request id through pg-boss (PostgreSQL)', () => {
  const logs = captureLogs();
  const bossSchema = `rid_${randomBytes(4).toString('hex')}`;
  let boss: PgBoss;
  let t: TestApp;
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL!;
    boss = await startPgBoss({ databaseUrl: url, pgSchema: bossSchema, expireSeconds: 60, logger: logs.logger });
    const jobQueue = await pgBossQueueFactory(boss, { config: { jobMaxAttempts: 3, jobExpireSeconds: 60, queueCapacity: 100 }, work: true, logger: logs.logger });
    t = await createTestApp('postgres', {}, null, undefined, { logger: logs.logger, jobQueue });
  });
  afterAll(async () => {
    await t?.close();
    if (boss) await stopPgBoss(boss);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${bossSchema}_boss cascade`);
    await admin.end();
  });

  it('travels in the job\'s data to the worker that runs it', { timeout: 60_000 }, async () => {
    const c = await newUser(t);
    const reqId = `boss-${randomBytes(6).toString('hex')}`;
    const id = await convertAs(c, reqId, 'excel-to-json', 'sales.csv', 'item,qty\nbolts,3\n');
    await expect.poll(() => statusOf(c, id), { timeout: 30_000, interval: 200 }).toBe(ConversionStatus.SUCCEEDED);
    const lines = jobLines(logs.lines, id);
    expect(lines.map((l) => l.msg)).toEqual(['conversion job started', 'engine call done', 'conversion job finished']);
    for (const line of lines) expect(line.reqId).toBe(reqId);
  });
});

const soffice = findSoffice();

describe.skipIf(!soffice)('the LibreOffice pool writes its lines about a job to the job\'s logger', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'docuflow-reqid-office-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('a conversion LibreOffice cannot do is logged with the request id', { timeout: 120_000 }, async () => {
    const logs = captureLogs();
    const pool = createLibreOfficePool({ size: 1, workDir: join(work, 'pool') });
    try {
      // A zip that breaks off after its first header: no office format LibreOffice can open.
      const input = join(work, 'broken.docx');
      await writeFile(input, Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(64)]));
      const job = logs.logger.child({ reqId: 'office-req-0001', conversionId: 'c1' });
      await expect(pool.convert(input, await mkdtemp(join(work, 'out-')), 'pdf', { logger: job })).rejects.toBeInstanceOf(OfficeError);
      const failed = logs.lines.find((l) => l.msg === 'LibreOffice conversion failed');
      expect(failed).toMatchObject({ reqId: 'office-req-0001', conversionId: 'c1' });
    } finally {
      await pool.close();
    }
  });
});
