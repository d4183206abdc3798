import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Limit } from '@contracts/quota.js';
import { ConversionStatus } from '@contracts/statuses.js';
import { openDb } from '../../api/db/index.js';
import { HttpUser } from './helpers/http-user.js';

const root = resolve(import.meta.dirname, '..', '..');

/** `npm run serve` as its own process, as production runs it; resolves once it listens. */
function serve(dataDir: string): Promise<{ child: ChildProcess; url: string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      DATA_DIR: dataDir,
      OFFICE_POOL_SIZE: '0',
      ENGINE_THREADS: '1',
      SHUTDOWN_GRACE_MS: '0',
      DISK_FREE_FLOOR_MB: '0',
      ADMIN_PASSWORD: 'Admin-Sigterm-Passw0rd',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  let out = '';
  return new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /serving (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveUrl({ child, url: m[1]!, exited });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
}

/** A CSV of about `bytes` whose JSON takes the engine a few seconds. */
function bigCsv(bytes: number): Blob {
  const line = 'north,2026-11-23,widget,12,3.25,"a, quoted, cell",done\n';
  return new Blob([`region,date,item,qty,price,note,state\n${line.repeat(Math.floor(bytes / line.length))}`]);
}

describe('SIGTERM during a job', () => {
  let dataDir = '';
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('stops cleanly, leaves the job for the next start, which finishes it with one charge', { timeout: 180_000 }, async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'docuflow-sigterm-'));
    const first = await serve(dataDir);
    children.push(first.child);
    const user = await HttpUser.register(first.url);
    const form = new FormData();
    form.append('convertType', 'excel-to-json');
    form.append('files', bigCsv(9.5 * 1024 * 1024), 'sales.csv');
    const sub = await user.upload<{ documentId: string }>('/api/v1/document/submit', form);
    expect(sub.code).toBe(200);
    const id = sub.data.documentId;
    expect((await user.post('/api/v1/document/convert', { documentId: id })).code).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // The stop left it converting, with the interrupted start not counted against it.
    const handle = openDb({ sqlitePath: join(dataDir, 'app.db') });
    const row = await handle.db.selectFrom('conversions').select(['status', 'attempts', 'units', 'refunded']).where('id', '=', id).executeTakeFirstOrThrow();
    await handle.close();
    expect(row).toEqual({ status: ConversionStatus.CONVERTING, attempts: 0, units: 1, refunded: 0 });

    const second = await serve(dataDir);
    children.push(second.child);
    const again = new HttpUser(second.url);
    for (const [k, v] of user.cookies) again.cookies.set(k, v);
    let status = 1;
    const end = Date.now() + 120_000;
    while (status === ConversionStatus.CONVERTING && Date.now() < end) {
      status = (await again.get<{ status: number }>(`/api/v1/document/${id}`)).data.status;
      if (status === ConversionStatus.CONVERTING) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(ConversionStatus.SUCCEEDED);
    expect((await again.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(19);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
