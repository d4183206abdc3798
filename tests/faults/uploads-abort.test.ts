import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Limit } from '@contracts/quota.js';
import { ConversionStatus } from '@contracts/statuses.js';
import { DEFAULT_RATE_LIMITS } from '../../api/http/rate-limit-rules.js';
import { HttpUser } from './helpers/http-user.js';
import { startLiveServer, type LiveServer } from './helpers/live-server.js';
import { abandonDownload, cutRequest, type Ending } from './helpers/raw-http.js';

/** A CSV of about `bytes`, so cuts land inside the file's data as well as in the multipart framing. */
function csv(bytes: number): Buffer {
  const rows = ['name,qty,price'];
  for (let i = 0, length = 0; length < bytes; i++) {
    const row = `item ${i},${i % 97},${(i * 1.25).toFixed(2)}`;
    rows.push(row);
    length += row.length + 1;
  }
  return Buffer.from(rows.join('\n'));
}

function form(convertType: string, name: string, bytes: Buffer): FormData {
  const f = new FormData();
  f.append('convertType', convertType);
  f.append('files', new Blob([new Uint8Array(bytes)]), name);
  return f;
}

/** A small deterministic generator, so a failing run can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe('uploads and downloads that end badly', () => {
  let live: LiveServer;
  beforeAll(async () => {
    // 200 uploads from one user in seconds is what the upload rate limit is for; lifted here to reach the parser.
    live = await startLiveServer({ overrides: { rateLimits: { ...DEFAULT_RATE_LIMITS, uploadPerUser: { points: 10_000, durationS: 60 } } } });
  });
  afterAll(() => live?.close());

  it('200 uploads cut at random points end only their own request: no files left, nothing charged', { timeout: 120_000 }, async () => {
    const user = await HttpUser.register(live.url);
    const { headers, body } = await user.rawUpload(form('excel-to-json', 'stock.csv', csv(400_000)));
    const random = rng(20261123);
    const endings: Ending[] = ['destroy', 'halfClose', 'shortBody'];
    const answers: (string | undefined)[] = [];
    for (let batch = 0; batch < 20; batch++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, i) => cutRequest(live.url, '/api/v1/document/submit', headers, body, Math.floor(random() * (body.length - 1)), endings[(batch * 10 + i) % 3]!)),
        )),
      );
    }
    // Whatever reached the client was an answer of this request, never a server error.
    expect(answers.filter((a) => a && /HTTP\/1\.1 5\d\d/.test(a))).toEqual([]);
    expect((await user.get('/api/v1/health')).code).toBe(200);
    expect(await until(async () => (await live.storedFolders()).length === 0)).toBe(true);
    const limit = await user.get<Limit>('/api/v1/config/limit');
    expect(limit.data.availCount).toBe(20);
    const history = await user.get<{ total: number }>('/api/v1/my/history?page=1&pageSize=6');
    expect(history.data.total).toBe(0);
    // The same user can still upload and convert.
    const ok = await user.upload<{ documentId: string }>('/api/v1/document/submit', form('excel-to-json', 'stock.csv', csv(20_000)));
    expect(ok.code).toBe(200);
  });

  it('clients that drop a download half-way leave the server serving', { timeout: 120_000 }, async () => {
    const user = await HttpUser.register(live.url);
    const sub = await user.upload<{ documentId: string }>('/api/v1/document/submit', form('excel-to-json', 'big.csv', csv(2_000_000)));
    expect(sub.code).toBe(200);
    const id = sub.data.documentId;
    expect((await user.post('/api/v1/document/convert', { documentId: id })).code).toBe(200);
    let fileUrl = '';
    expect(
      await until(async () => {
        const h = await user.get<{ status: number; output: { filesInfos: { convertFileUrl: string }[] } }>(`/api/v1/document/${id}`);
        fileUrl = h.data.output.filesInfos[0]?.convertFileUrl ?? '';
        return h.data.status === ConversionStatus.SUCCEEDED;
      }, 60_000),
    ).toBe(true);
    const dropped = await Promise.all(Array.from({ length: 30 }, (_, i) => abandonDownload(live.url, fileUrl, user.cookieHeader(), 200 + i * 5_000)));
    expect(dropped.every((n) => n > 0)).toBe(true);
    const full = await user.send<unknown>('GET', fileUrl);
    expect(full.status).toBe(200);
    expect((await user.get('/api/v1/health')).code).toBe(200);
  });
});
