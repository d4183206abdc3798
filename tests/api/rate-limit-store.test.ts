import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Socket } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../api/db/index.js';
import type { AppEnv } from '../../api/http/env.js';
import { handleError } from '../../api/http/error-handler.js';
import { byAddress, createLimiterBackend, rateLimit, type LimiterBackend } from '../../api/http/rate-limit.js';
import { freePort } from '../helpers/free-port.js';
import { openTestDb, testDialects } from '../helpers/test-app.js';

/** A bare app limited to 2 requests a minute per address, as one API instance would run it. */
function instance(backend: LimiterBackend) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use('*', async (c, next) => {
    c.set('ip', c.req.header('x-forwarded-for') ?? 'unknown');
    await next();
  });
  app.get('/limited', rateLimit([backend.make('store-test', { points: 2, durationS: 60 }), byAddress]), (c) => c.json({ code: 200, msg: 'ok', data: null }));
  return (ip: string) => app.request('/limited', { headers: { 'x-forwarded-for': ip } });
}

/** Two instances over one store: the third request is refused whichever instance gets it. */
async function expectShared(a: LimiterBackend, b: LimiterBackend) {
  const [first, second] = [instance(a), instance(b)];
  expect((await first('198.51.100.1')).status).toBe(200);
  expect((await second('198.51.100.1')).status).toBe(200);
  const refused = await first('198.51.100.1');
  expect(refused.status).toBe(429);
  expect(((await refused.json()) as { code: number }).code).toBe(42901);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await second('198.51.100.1')).status).toBe(429);
  expect((await second('198.51.100.2')).status).toBe(200);
}

describe.each(testDialects())('rate-limit counters in the %s database', (dialect) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(dialect);
  });
  afterAll(() => handle.close());

  it('are seen by every instance', async () => {
    await expectShared(createLimiterBackend(handle.db, undefined), createLimiterBackend(handle.db, undefined));
    const rows = await handle.db.selectFrom('rate_limits').selectAll().execute();
    expect(rows.find((r) => r.key === 'rl:store-test:ip:198.51.100.1')).toMatchObject({ points: 4 });
  });
});

const redisServer = spawnSync('redis-server', ['--version']).status === 0;

describe.skipIf(!redisServer)('rate-limit counters in Redis (REDIS_URL)', () => {
  let redis: ChildProcess;
  let url: string;
  let handle: DbHandle;
  const backends: LimiterBackend[] = [];
  beforeAll(async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    url = `redis://127.0.0.1:${port}`;
    handle = await openTestDb('sqlite');
    await waitForPort(port);
  });
  afterAll(async () => {
    for (const b of backends) await b.close();
    redis.kill();
    await handle.close();
  });

  it('are seen by every instance, and none are written to the database', async () => {
    const [a, b] = [createLimiterBackend(handle.db, url), createLimiterBackend(handle.db, url)];
    backends.push(a, b);
    expect(a.store).toBe('redis');
    await Promise.all([a.ready(), b.ready()]);
    await expectShared(a, b);
    expect(await handle.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
  });
});

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const sock = new Socket();
      sock.once('connect', () => {
        sock.destroy();
        resolve(true);
      });
      sock.once('error', () => resolve(false));
      sock.connect(port, '127.0.0.1');
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not start on ${port}`);
}
