import { readdir } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Limit } from '@contracts/quota.js';
import { DEFAULT_RATE_LIMITS } from '../../api/http/rate-limit-rules.js';
import { HttpUser } from './helpers/http-user.js';
import { startLiveServer, type LiveServer } from './helpers/live-server.js';
import { mountTmpfs } from './helpers/tmpfs.js';

const MB = 1024 * 1024;

function csvForm(bytes: number, seed: number): FormData {
  const line = `row ${seed},${'x'.repeat(60)}\n`;
  const f = new FormData();
  f.append('convertType', 'excel-to-json');
  f.append('files', new Blob([`name,value\n${line.repeat(Math.ceil(bytes / line.length))}`]), `fill-${seed}.csv`);
  return f;
}

const base = await mkdtemp(join(tmpdir(), 'docuflow-disk-'));
const disk = mountTmpfs(join(base, 'files'), 5 * MB);

describe.skipIf(!disk.ok)(`a full or read-only disk during uploads${disk.ok ? '' : ` (skipped: ${disk.why})`}`, () => {
  let live: LiveServer;
  beforeAll(async () => {
    // The uploads go to the 5 MB tmpfs; the SQLite database sits beside it on the real disk.
    live = await startLiveServer({ dataDir: base, overrides: { rateLimits: { ...DEFAULT_RATE_LIMITS, uploadPerUser: { points: 1000, durationS: 60 } } } });
  });
  afterAll(async () => {
    await live?.close();
    if (disk.ok) disk.unmount();
    await rm(base, { recursive: true, force: true });
  });

  it('fills up: clean 50701 answers, no half-written file, the server goes on serving', { timeout: 60_000 }, async () => {
    const users = await Promise.all([0, 1, 2].map(() => HttpUser.register(live.url)));
    const answers: { code: number; status: number; retryAfter: string | null }[] = [];
    // Three users in parallel, 1.4 MB each time, until the 5 MB disk refuses.
    for (let round = 0; round < 4; round++) {
      const res = await Promise.all(users.map((u, i) => u.upload('/api/v1/document/submit', csvForm(1.4 * MB, round * 10 + i))));
      answers.push(...res.map((r) => ({ code: r.code, status: r.status, retryAfter: r.headers.get('retry-after') })));
    }
    const full = answers.filter((a) => a.code === 50701);
    expect(full.length).toBeGreaterThan(0);
    expect(full.every((a) => a.status === 507 && a.retryAfter !== null)).toBe(true);
    expect(answers.every((a) => a.code === 200 || a.code === 50701)).toBe(true);
    // Only whole uploads stay: one folder per accepted upload, nothing from the refused ones.
    const accepted = answers.filter((a) => a.code === 200).length;
    expect((await readdir(join(base, 'files'))).length).toBe(accepted);
    expect((await users[0]!.get('/api/v1/health')).code).toBe(200);
    for (const u of users) expect((await u.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(20);
  });

  it('read-only: clean 50303 answers, then uploads work again once it is writable', { timeout: 60_000 }, async () => {
    if (!disk.ok) return;
    const user = await HttpUser.register(live.url);
    for (const dir of await readdir(join(base, 'files'))) await rm(join(base, 'files', dir), { recursive: true, force: true });
    disk.remount('ro');
    try {
      const res = await user.upload('/api/v1/document/submit', csvForm(0.2 * MB, 99));
      expect(res.status).toBe(503);
      expect(res.code).toBe(50303);
      expect(res.headers.get('retry-after')).not.toBeNull();
      expect((await user.get('/api/v1/health')).code).toBe(200);
    } finally {
      disk.remount('rw');
    }
    expect((await user.upload('/api/v1/document/submit', csvForm(0.2 * MB, 100))).code).toBe(200);
  });
});
