import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { History } from '@contracts/documents.js';
import type { Limit } from '@contracts/quota.js';
import { ConversionStatus } from '@contracts/statuses.js';
import { userClient } from '../helpers/admin-clients.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';
import { fillDisk, mountTmpfs } from './helpers/tmpfs.js';

const KB = 1024;

function csvForm(bytes: number): FormData {
  const line = `row,${'x'.repeat(60)}\n`;
  const f = new FormData();
  f.append('convertType', 'excel-to-json');
  f.append('files', new Blob([`name,value\n${line.repeat(Math.ceil(bytes / line.length))}`]), 'rows.csv');
  return f;
}

const base = await mkdtemp(join(tmpdir(), 'docuflow-jobdisk-'));
const disk = mountTmpfs(join(base, 'data'), 8 * 1024 * KB);

/** A server conversion whose result finds the disk full fails as the server's fault, refunded once, not as the document's. */
describe.skipIf(!disk.ok).each(testDialects())(`a conversion job on a full disk, on %s${disk.ok ? '' : ` (skipped: ${disk.why})`}`, (dialect) => {
  const dataDir = join(base, 'data', dialect);
  const filler = join(base, 'data', 'filler');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { dataDir, diskFreeFloorBytes: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('fails with reason storageFull, refunds the unit, and converts again once there is room', async () => {
    const { c } = await userClient(t, 'jobdisk');
    // Room for the 200 kB upload and little more: its JSON result (larger) cannot be written.
    fillDisk(filler, 240 * KB);
    let id: string;
    try {
      const sub = await c.upload<{ documentId: string }>('/api/v1/document/submit', csvForm(200 * KB));
      expect(sub.code).toBe(200);
      id = sub.data.documentId;
      expect((await c.post('/api/v1/document/convert', { documentId: id })).code).toBe(200);
      await t.queue.idle();
    } finally {
      await rm(filler);
    }
    const h = await c.get<History>(`/api/v1/document/${id}`);
    expect(h.data.status).toBe(ConversionStatus.FAILED);
    expect(h.data.reason).toBe('storageFull');
    expect((await c.get<Limit>('/api/v1/config/limit')).data.availCount).toBe(20);

    const again = await c.upload<{ documentId: string }>('/api/v1/document/submit', csvForm(200 * KB));
    expect((await c.post('/api/v1/document/convert', { documentId: again.data.documentId })).code).toBe(200);
    await t.queue.idle();
    expect((await c.get<History>(`/api/v1/document/${again.data.documentId}`)).data.status).toBe(ConversionStatus.SUCCEEDED);
  });
});

afterAll(async () => {
  if (disk.ok) disk.unmount();
  await rm(base, { recursive: true, force: true });
});
