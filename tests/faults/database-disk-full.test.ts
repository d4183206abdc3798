import { statfsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpUser } from './helpers/http-user.js';
import { startLiveServer, type LiveServer } from './helpers/live-server.js';
import { fillDisk, mountTmpfs } from './helpers/tmpfs.js';

const MB = 1024 * 1024;

const base = await mkdtemp(join(tmpdir(), 'docuflow-dbdisk-'));
const disk = mountTmpfs(join(base, 'data'), 32 * MB);

describe.skipIf(!disk.ok)(`the SQLite database on a full disk${disk.ok ? '' : ` (skipped: ${disk.why})`}`, () => {
  const dataDir = join(base, 'data');
  const filler = join(dataDir, 'filler');
  let live: LiveServer;
  let user: HttpUser;
  beforeAll(async () => {
    // The whole data folder, database included, is the 32 MB tmpfs.
    live = await startLiveServer({ dataDir });
    user = await HttpUser.register(live.url);
    await user.ensureXsrf();
  });
  afterAll(async () => {
    await live?.close();
    if (disk.ok) disk.unmount();
    await rm(base, { recursive: true, force: true });
  });

  it('full: /user/update answers 50701 with Retry-After (not 500), and works again once there is room', { timeout: 60_000 }, async () => {
    // An empty write-ahead log, so the next write must take a new block of the disk.
    const side = new SQLite(join(dataDir, 'app.db'));
    side.pragma('wal_checkpoint(TRUNCATE)');
    side.close();
    fillDisk(filler);
    expect(statfsSync(dataDir).bavail).toBe(0);
    try {
      const res = await user.post('/api/v1/user/update', { name: 'Full Disk' });
      expect(res.code).toBe(50701);
      expect(res.status).toBe(507);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.data).toMatchObject({ retryAfter: expect.any(Number) });
    } finally {
      await rm(filler);
    }
    const again = await user.post<{ name: string }>('/api/v1/user/update', { name: 'Room Again' });
    expect(again.code).toBe(200);
    expect(again.data.name).toBe('Room Again');
  });
});
