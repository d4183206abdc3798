import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { History } from '@contracts/documents.js';
import type { Limit } from '@contracts/quota.js';
import { ConversionStatus } from '@contracts/statuses.js';
import type { OfficePort } from '../../api/jobs/office-port.js';
import { createLibreOfficePool, findSoffice, OfficeError, type OfficeEngine } from '../../api/office/pool.js';
import { sofficePids } from '../engines/helpers/readback.js';
import { bilingualDocx } from '../helpers/fixtures/office.js';
import { scrape, type Scrape } from '../helpers/prometheus.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import type { TestClient } from '../helpers/test-client.js';

let seq = 0;

async function newUser(t: TestApp): Promise<TestClient> {
  const c = t.client();
  const id = `met${++seq}${Math.random().toString(36).slice(2, 6)}`;
  expect((await c.post('/api/v1/user/register', { userId: id, password: 'Sunny-Day7', email: `${id}@example.com`, agree: true })).code).toBe(200);
  return c;
}

/** Uploads one file for a server conversion and starts it; returns the document id. */
async function startConversion(c: TestClient, convertType: string, name: string, bytes: Uint8Array | string): Promise<string> {
  const form = new FormData();
  form.append('convertType', convertType);
  form.append('files', new Blob([bytes as BlobPart]), name);
  const sub = await c.upload<{ documentId: string }>('/api/v1/document/submit', form);
  expect(sub.code, `${name} upload`).toBe(200);
  expect((await c.post('/api/v1/document/convert', { documentId: sub.data.documentId })).code).toBe(200);
  return sub.data.documentId;
}

/** A layout engine that holds each conversion until the test lets it succeed or fail. */
function gatedOffice() {
  const waiting: { outDir: string; done: (err?: Error) => void }[] = [];
  const port: OfficePort = {
    convert: (_input, outDir) =>
      new Promise<string>((resolve, reject) => {
        waiting.push({
          outDir,
          done: (err) => {
            if (err) return reject(err);
            const out = join(outDir, 'out.pdf');
            writeFile(out, '%PDF-1.4\n% stand-in\n').then(() => resolve(out), reject);
          },
        });
      }),
  };
  return {
    port,
    /** Resolves once a conversion is held, then ends it (with `err`: fails it). */
    async release(err?: Error) {
      await expect.poll(() => waiting.length, { timeout: 10_000 }).toBeGreaterThan(0);
      waiting.shift()!.done(err);
    },
  };
}

const conversions = (s: Scrape) => ({
  queued: s.value('docuflow_conversion_jobs_queued_total'),
  running: s.value('docuflow_conversion_jobs_running'),
  succeeded: s.value('docuflow_conversion_jobs_succeeded_total'),
  failedOffice: s.value('docuflow_conversion_jobs_failed_total', { engine: 'libreoffice' }),
  refundedOffice: s.value('docuflow_conversion_jobs_refunded_total', { engine: 'libreoffice' }),
  officeOk: s.value('docuflow_engine_jobs_total', { engine: 'libreoffice', outcome: 'succeeded' }),
  officeFailed: s.value('docuflow_engine_jobs_total', { engine: 'libreoffice', outcome: 'failed' }),
  threadsOk: s.value('docuflow_engine_jobs_total', { engine: 'engine-threads', outcome: 'succeeded' }),
});

describe.each(testDialects())('GET /metrics on %s', (dialect) => {
  let t: TestApp;
  const office = gatedOffice();
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { engine: office.port, size: 1 });
  });
  afterAll(() => t.close());

  it('answers the Prometheus text format, requests labelled by route pattern, never by URL', async () => {
    const c = t.client();
    expect((await c.get('/api/v1/health')).status).toBe(200);
    const id = randomUUID();
    expect((await c.get(`/api/v1/document/${id}`)).code).toBe(40202);
    expect((await c.raw('/no/such/page')).status).toBe(404);
    const res = await t.app.request('/metrics');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const s = await scrape(t.app);

    expect(s.value('docuflow_http_requests_total', { method: 'GET', route: '/api/v1/health', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(s.value('docuflow_http_requests_total', { method: 'GET', route: '/api/v1/document/:documentId' })).toBeGreaterThanOrEqual(1);
    expect(s.value('docuflow_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(s.family('docuflow_http_request_duration_seconds').type).toBe('HISTOGRAM');
    expect(s.count('docuflow_http_request_duration_seconds', { method: 'GET', route: '/api/v1/health' })).toBeGreaterThanOrEqual(1);
    // No label anywhere holds the document's id or the unknown path.
    expect(s.text).not.toContain(id);
    expect(s.text).not.toContain('/no/such/page');

    // The state of the pools, the disk and the database, read at the scrape.
    expect(s.value('docuflow_libreoffice_pool_size')).toBe(1);
    expect(s.value('docuflow_libreoffice_restarts_total')).toBe(0);
    expect(s.value('docuflow_engine_jobs_queued', { engine: 'engine-threads' })).toBe(0);
    expect(s.value('docuflow_data_disk_free_bytes')).toBeGreaterThan(0);
    expect(s.value('docuflow_data_disk_floor_bytes')).toBe(t.config.diskFreeFloorBytes);
    expect(s.value('docuflow_db_pool_max')).toBe(dialect === 'sqlite' ? 1 : 10);
    expect(s.value('docuflow_db_pool_connections', { state: 'idle' }) + s.value('docuflow_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(1);
    expect(s.value('docuflow_db_pool_waiting')).toBe(0);
    expect(s.family('docuflow_process_resident_memory_bytes').type).toBe('GAUGE');
  });

  it('job counters follow a conversion: queued, running, then succeeded; a failing engine counts as failed and refunded', async () => {
    const c = await newUser(t);
    const before = conversions(await scrape(t.app));
    const quota = (await c.get<Limit>('/api/v1/config/limit')).data.availCount;

    const ok = await startConversion(c, 'word-to-pdf', 'report.docx', await bilingualDocx());
    // The engine holds it: the job is running, on LibreOffice.
    await expect.poll(async () => (await scrape(t.app)).value('docuflow_engine_jobs_running', { engine: 'libreoffice' }), { timeout: 10_000 }).toBe(1);
    const during = await scrape(t.app);
    expect(conversions(during)).toEqual({ ...before, queued: before.queued + 1, running: 1 });
    await office.release();
    await t.queue.idle();
    expect((await c.get<History>(`/api/v1/document/${ok}`)).data.status).toBe(ConversionStatus.SUCCEEDED);
    const after = conversions(await scrape(t.app));
    expect(after).toEqual({ ...before, queued: before.queued + 1, succeeded: before.succeeded + 1, officeOk: before.officeOk + 1 });

    const bad = await startConversion(c, 'word-to-pdf', 'broken.docx', await bilingualDocx());
    await office.release(new OfficeError('crashed', 'stand-in crash'));
    await t.queue.idle();
    expect((await c.get<History>(`/api/v1/document/${bad}`)).data.status).toBe(ConversionStatus.FAILED);
    const failed = await scrape(t.app);
    expect(conversions(failed)).toEqual({ ...after, queued: after.queued + 1, failedOffice: after.failedOffice + 1, refundedOffice: after.refundedOffice + 1, officeFailed: after.officeFailed + 1 });
    expect(failed.value('docuflow_conversion_jobs_failed_total', { engine: 'none' })).toBe(0);
    expect(failed.count('docuflow_engine_job_duration_seconds', { engine: 'libreoffice' })).toBe(after.officeOk + after.officeFailed + 1);
    // The metric's "refunded" is the user's unit coming back: one spent on the success only.
    expect((await c.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(quota - 1);
  });

  it('an engine-thread conversion counts on the engine threads', async () => {
    const c = await newUser(t);
    const before = conversions(await scrape(t.app));
    const id = await startConversion(c, 'excel-to-json', 'sales.csv', 'item,qty\nbolts,3\n');
    await t.queue.idle();
    expect((await c.get<History>(`/api/v1/document/${id}`)).data.status).toBe(ConversionStatus.SUCCEEDED);
    const after = await scrape(t.app);
    expect(conversions(after)).toEqual({ ...before, queued: before.queued + 1, succeeded: before.succeeded + 1, threadsOk: before.threadsOk + 1 });
    expect(after.value('docuflow_engine_threads')).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const token = 'metrics-token-0123456789abcdef';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { metricsToken: token });
  });
  afterAll(() => t.close());

  it('refuses a scrape without the bearer token, or with another, through the error catalogue (40202)', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789abcdef' }, { authorization: token }, { authorization: `Basic ${token}` }] as Record<string, string>[]) {
      const res = await t.app.request('/metrics', { headers });
      const body = (await res.json()) as { code: number; data: unknown };
      expect(body.code, JSON.stringify(headers)).toBe(40202);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  it('answers the right bearer token', async () => {
    const s = await scrape(t.app, { authorization: `Bearer ${token}` });
    // The refusals above were counted too, under the metrics route.
    expect(s.value('docuflow_http_requests_total', { method: 'GET', route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(4);
    expect(s.value('docuflow_libreoffice_pool_size')).toBe(0);
  });
});

const soffice = findSoffice();

describe.skipIf(!soffice)('LibreOffice pool metrics with a real LibreOffice', () => {
  let t: TestApp;
  let pool: OfficeEngine;
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'docuflow-metrics-office-'));
    pool = createLibreOfficePool({ size: 1, workDir: join(work, 'pool') });
    t = await createTestApp('sqlite', {}, { engine: pool, size: 1 });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await pool?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('reports the pool size, its conversions and its restarts', { timeout: 120_000 }, async () => {
    const c = await newUser(t);
    const id = await startConversion(c, 'word-to-pdf', 'report.docx', await bilingualDocx());
    await t.queue.idle();
    expect((await c.get<History>(`/api/v1/document/${id}`)).data.status).toBe(ConversionStatus.SUCCEEDED);
    const s = await scrape(t.app);
    expect(s.value('docuflow_libreoffice_pool_size')).toBe(1);
    expect(s.value('docuflow_engine_jobs_total', { engine: 'libreoffice', outcome: 'succeeded' })).toBe(1);
    expect(s.value('docuflow_engine_jobs_running', { engine: 'libreoffice' })).toBe(0);
    const restarts = s.value('docuflow_libreoffice_restarts_total');

    // An instance that dies while idle is restarted, and the counter says so.
    const pids = sofficePids(join(work, 'pool'));
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    await expect.poll(async () => (await scrape(t.app)).value('docuflow_libreoffice_restarts_total'), { timeout: 60_000, interval: 250 }).toBeGreaterThan(restarts);
  });
});
