import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { History } from '@contracts/documents.js';
import { ErrorCode } from '@contracts/error-codes.js';
import type { Limit } from '@contracts/quota.js';
import { startTestS3, type TestS3 } from '../helpers/s3-server.js';
import { HttpUser } from './helpers/http-user.js';
import { createScratchDatabase, type ScratchDatabase } from './helpers/scratch-database.js';
import { spawnInstance, type Instance } from './helpers/spawn-instance.js';

const baseUrl = process.env.TEST_DATABASE_URL;
/**
 * How long a dead worker's job waits before it is retried: several times the biggest job below
 * (about 3 s on 2 idle cores) so that a loaded machine never has a live job retried, short
 * enough to keep the crash case quick.
 */
const JOB_EXPIRE_SECONDS = 20;
const TRIAL = 20;

/** A CSV of about `bytes`; at 6 MB its JSON takes the engine a few seconds. */
function csv(bytes: number, marker: string): Blob {
  const line = `north,2026-11-23,${marker},12,3.25,"a, quoted, cell",done\n`;
  return new Blob([`region,date,item,qty,price,note,state\n${line.repeat(Math.max(1, Math.floor(bytes / line.length)))}`]);
}

async function submit(user: HttpUser, file: Blob): Promise<string> {
  const form = new FormData();
  form.append('convertType', 'excel-to-json');
  form.append('files', file, 'sales.csv');
  const sub = await user.upload<{ documentId: string }>('/api/v1/document/submit', form);
  if (sub.code !== 200) throw new Error(`submit answered ${sub.code}`);
  return sub.data.documentId;
}

/** The same signed-in user, talking to another API process. */
function sameUserOn(user: HttpUser, url: string): HttpUser {
  const other = new HttpUser(url);
  for (const [k, v] of user.cookies) other.cookies.set(k, v);
  return other;
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.skipIf(!baseUrl)('several instances on one PostgreSQL (runs only when TEST_DATABASE_URL is set)', () => {
  let database: ScratchDatabase | undefined;
  let s3: TestS3 | undefined;
  let sql: pg.Pool | undefined;
  const dirs: string[] = [];
  const instances: Instance[] = [];
  let apiA: Instance;
  let apiB: Instance;
  let worker: Instance;

  /** What every process shares: the database, the bucket and the secret that signs XSRF tokens. */
  const shared = () => ({
    DATABASE_URL: database!.url,
    SESSION_SECRET: 'multi-instance-test-secret-0123456789abcdef',
    ADMIN_PASSWORD: 'Admin-Multi-Passw0rd',
    S3_ENDPOINT: s3!.settings.endpoint,
    S3_BUCKET: s3!.settings.bucket,
    S3_ACCESS_KEY_ID: s3!.settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3!.settings.secretAccessKey,
    OFFICE_POOL_SIZE: '0',
    ENGINE_THREADS: '1',
    SHUTDOWN_GRACE_MS: '0',
    DISK_FREE_FLOOR_MB: '0',
    JOB_EXPIRE_SECONDS: String(JOB_EXPIRE_SECONDS),
  });
  /** Each process has a DATA_DIR of its own, as on machines of their own: files only meet in the bucket. */
  async function start(entry: 'api/server.ts' | 'api/worker.ts', env: Record<string, string> = {}): Promise<Instance> {
    const dir = await mkdtemp(join(tmpdir(), 'docuflow-mi-'));
    dirs.push(dir);
    const inst = await spawnInstance(entry, { ...shared(), DATA_DIR: dir, ...env });
    instances.push(inst);
    return inst;
  }
  const row = async (id: string) =>
    (await sql!.query<{ status: number; attempts: number; units: number; refunded: number }>('select status, attempts, units, refunded from conversions where id = $1', [id])).rows[0]!;

  beforeAll(async () => {
    database = await createScratchDatabase(baseUrl!, 'docuflow_mi');
    s3 = await startTestS3();
    // One after the other: the first start migrates and seeds the empty database.
    apiA = await start('api/server.ts', { JOB_WORKER: 'off' });
    apiB = await start('api/server.ts', { JOB_WORKER: 'off' });
    worker = await start('api/worker.ts');
    sql = new pg.Pool({ connectionString: database.url, max: 2 });
  }, 120_000);

  afterAll(async () => {
    for (const i of instances) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL');
    await Promise.all(instances.map((i) => i.exited));
    await sql?.end();
    await s3?.close();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
    await database?.drop();
  }, 60_000);

  it('a conversion submitted through API A is converted by the worker and downloaded through API B', { timeout: 60_000 }, async () => {
    const user = await HttpUser.register(apiA.url, 'mia');
    const id = await submit(user, csv(2000, 'widget-a'));
    expect((await user.post('/api/v1/document/convert', { documentId: id })).code).toBe(200);

    const onB = sameUserOn(user, apiB.url);
    const done = await until('the conversion to end', 30_000, async () => {
      const h = (await onB.get<History>(`/api/v1/document/${id}`)).data;
      return h.status === 1 ? undefined : h;
    });
    expect(done.status).toBe(3);
    const file = await fetch(apiB.url + done.output.filesInfos[0]!.convertFileUrl, { headers: { cookie: onB.cookieHeader() } });
    expect(file.status).toBe(200);
    expect(JSON.stringify(await file.json())).toContain('widget-a');
    expect((await onB.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(TRIAL - 1);
    expect(await row(id)).toMatchObject({ status: 3, attempts: 1, units: 1, refunded: 0 });
  });

  it('a worker killed in the middle of a job: a second worker converts it, the user charged once', { timeout: 90_000 }, async () => {
    const user = await HttpUser.register(apiB.url, 'mik');
    const id = await submit(user, csv(6 * 1024 * 1024, 'widget-k'));
    expect((await user.post('/api/v1/document/convert', { documentId: id })).code).toBe(200);
    await until('the worker to start the job', 30_000, async () => ((await row(id)).attempts === 1 ? true : undefined));
    await new Promise((r) => setTimeout(r, 300));
    worker.child.kill('SIGKILL');
    expect(await worker.exited).toBeNull();
    expect(await row(id)).toMatchObject({ status: 1, attempts: 1, units: 1, refunded: 0 });

    const second = await start('api/worker.ts');
    const onA = sameUserOn(user, apiA.url);
    const done = await until('the retried conversion to end', 60_000, async () => {
      const h = (await onA.get<History>(`/api/v1/document/${id}`)).data;
      return h.status === 1 ? undefined : h;
    });
    expect(done.status).toBe(3);
    expect(await row(id)).toMatchObject({ status: 3, attempts: 2, units: 1, refunded: 0 });
    expect((await onA.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(TRIAL - 1);
    worker = second;
  });

  it('50 simultaneous submissions through both APIs: each done or refunded, none twice', { timeout: 90_000 }, async () => {
    const users: HttpUser[] = [];
    for (let u = 0; u < 5; u += 1) users.push(await HttpUser.register(u % 2 ? apiB.url : apiA.url, 'mic'));
    const jobs = Array.from({ length: 50 }, (_, i) => ({ user: sameUserOn(users[i % 5]!, i % 2 ? apiB.url : apiA.url), marker: `w${i}` }));
    const answers = await Promise.all(
      jobs.map(async (j) => {
        const id = await submit(j.user, csv(3000, j.marker));
        return { ...j, id, code: (await j.user.post('/api/v1/document/convert', { documentId: id })).code };
      }),
    );
    // A full queue is an answer too (before anything is spent); anything else is not.
    for (const a of answers) expect([200, ErrorCode.QUEUE_FULL]).toContain(a.code);
    const accepted = answers.filter((a) => a.code === 200).map((a) => a.id);
    expect(accepted.length).toBeGreaterThan(0);
    await until('every accepted conversion to end', 60_000, async () => {
      const { rows } = await sql!.query<{ n: number }>('select count(*)::int as n from conversions where id = any($1) and status = 1', [accepted]);
      return rows[0]!.n === 0 ? true : undefined;
    });

    const { rows } = await sql!.query<{ id: string; user_id: string; status: number; attempts: number; units: number; refunded: number; outputs: number }>(
      `select c.id, c.user_id, c.status, c.attempts, c.units, c.refunded,
              (select count(*)::int from conversion_files f where f.conversion_id = c.id and f.kind = 'output') as outputs
         from conversions c where c.id = any($1)`,
      [accepted],
    );
    expect(rows).toHaveLength(accepted.length);
    for (const r of rows) {
      // Started once, and either one result and one unit spent, or nothing kept and the unit given back.
      expect(r.attempts).toBe(1);
      if (r.status === 3) expect(r).toMatchObject({ units: 1, refunded: 0, outputs: 1 });
      else expect(r).toMatchObject({ status: 2, refunded: 1, outputs: 0 });
    }
    // One pg-boss job per conversion, completed; none in the dead letter.
    const boss = await sql!.query<{ id: string; state: string }>(`select id::text, state::text from pgboss.job where name = 'server-conversion' and id = any($1::uuid[])`, [accepted]);
    expect(boss.rows.map((b) => b.state).sort()).toEqual(accepted.map(() => 'completed'));
    expect((await sql!.query(`select 1 from pgboss.job where name = 'server-conversion-dead'`)).rowCount).toBe(0);

    // What each user sees, asked of either API: the quota went down once per result, the history holds every one.
    for (const [u, user] of users.entries()) {
      const mine = answers.filter((a, i) => i % 5 === u && a.code === 200).map((a) => a.id);
      const done = rows.filter((r) => mine.includes(r.id) && r.status === 3).length;
      for (const url of [apiA.url, apiB.url]) {
        const on = sameUserOn(user, url);
        expect((await on.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(TRIAL - done);
        const history = (await on.get<{ list: History[]; total: number }>('/api/v1/my/history?page=1&pageSize=50')).data;
        expect(history.list.filter((h) => mine.includes(h.documentId)).map((h) => h.status).sort()).toEqual(
          rows.filter((r) => mine.includes(r.id)).map((r) => r.status).sort(),
        );
      }
    }
  });

  it('SIGTERM: a worker stopped mid-job exits 0 and hands the job back; the APIs stop cleanly', { timeout: 90_000 }, async () => {
    const user = await HttpUser.register(apiA.url, 'mit');
    const id = await submit(user, csv(6 * 1024 * 1024, 'widget-t'));
    expect((await user.post('/api/v1/document/convert', { documentId: id })).code).toBe(200);
    await until('the worker to start the job', 30_000, async () => ((await row(id)).attempts === 1 ? true : undefined));
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    // Handed back with its start not counted, for pg-boss to retry after its backoff.
    expect(await row(id)).toMatchObject({ status: 1, attempts: 0, units: 1, refunded: 0 });

    const next = await start('api/worker.ts');
    const done = await until('the handed-back conversion to end', 60_000, async () => {
      const h = (await user.get<History>(`/api/v1/document/${id}`)).data;
      return h.status === 1 ? undefined : h;
    });
    expect(done.status).toBe(3);
    expect(await row(id)).toMatchObject({ status: 3, attempts: 1, units: 1, refunded: 0 });
    expect((await user.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(TRIAL - 1);

    for (const i of [next, apiA, apiB]) i.child.kill('SIGTERM');
    expect(await Promise.all([next.exited, apiA.exited, apiB.exited])).toEqual([0, 0, 0]);
  });
});
