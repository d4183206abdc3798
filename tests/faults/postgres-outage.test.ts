import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Limit } from '@contracts/quota.js';
import { HttpUser, type Answer } from './helpers/http-user.js';
import { startLiveServer, type LiveServer } from './helpers/live-server.js';
import { startPrivatePostgres, type PrivatePostgres } from './helpers/private-postgres.js';

const pg = await startPrivatePostgres();
const why = 'why' in pg ? pg.why : '';

describe.skipIf(Boolean(why))(`PostgreSQL stopped under load and started again${why ? ` (skipped: ${why})` : ''}`, () => {
  let db: PrivatePostgres;
  let live: LiveServer;
  beforeAll(async () => {
    db = pg as PrivatePostgres;
    live = await startLiveServer({ databaseUrl: db.url });
  });
  afterAll(async () => {
    await live?.close().catch(() => undefined);
    db?.destroy();
  });

  it('answers 50303 with Retry-After while it is down and recovers by itself, without a restart', { timeout: 120_000 }, async () => {
    const user = await HttpUser.register(live.url);
    expect((await user.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(20);

    const answers: Answer[] = [];
    let loading = true;
    const load = (async () => {
      while (loading) {
        const batch = await Promise.all([
          user.get('/api/v1/config/limit'),
          user.get('/api/v1/health'),
          user.get('/api/v1/my/history?page=1&pageSize=6'),
          new HttpUser(live.url).get('/api/v1/document/convert/feature'),
        ]);
        answers.push(...batch);
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    db.stop();
    await new Promise((r) => setTimeout(r, 2000));
    const during = answers.length;
    db.start();
    // Recovery: the same session works again once the database is back, within seconds.
    const back = Date.now();
    let recovered = false;
    while (!recovered && Date.now() - back < 30_000) {
      recovered = (await user.get<Limit>('/api/v1/config/limit')).code === 200;
      if (!recovered) await new Promise((r) => setTimeout(r, 200));
    }
    loading = false;
    await load;

    expect(recovered).toBe(true);
    const down = answers.filter((a) => a.status === 503);
    expect(down.length).toBeGreaterThan(0);
    expect(during).toBeGreaterThan(down.length);
    for (const a of down) {
      expect(a.code).toBe(50303);
      expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Never a 500: each answer was either served or a clean "come back shortly".
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    const health = await user.get<{ checks: { database: string } }>('/api/v1/health');
    expect(health.code).toBe(200);
    expect(health.data.checks.database).toBe('up');
    expect((await user.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(20);
  });
});
