import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressJson } from './compress.js';

const big = { code: 200, msg: 'ok', data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) };

/** Through a real Node server, where the middleware writes Vary on the Node response. */
describe('compressJson on @hono/node-server', () => {
  let base = '';
  let close = () => {};
  beforeAll(async () => {
    const app = new Hono()
      .use(compressJson())
      .get('/big', (c) => c.json(big))
      .get('/small', (c) => c.json({ code: 200, msg: 'ok', data: null }))
      .get('/varied', (c) => c.json(big, 200, { Vary: 'Cookie' }));
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((ok) => server.once('listening', () => ok()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  /** The bytes as sent: fetch() would decode them. */
  const get = (path: string, encoding?: string) =>
    new Promise<{ headers: Headers; raw: Buffer }>((ok, fail) => {
      httpGet(`${base}${path}`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
          ok({ headers, raw: Buffer.concat(chunks) });
        });
      }).on('error', fail);
    });
  const json = (raw: Buffer): unknown => JSON.parse(raw.toString());

  it('compresses a large answer for a client that takes brotli, with Vary and the right length', async () => {
    const res = await get('/big', 'br');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(Number(res.headers.get('content-length'))).toBe(res.raw.length);
    expect(json(brotliDecompressSync(res.raw))).toEqual(big);
  });

  it('sends it as it is, still with Vary, to a client that takes no coding', async () => {
    const res = await get('/big');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(json(res.raw)).toEqual(big);
  });

  it('leaves a small answer uncompressed', async () => {
    const res = await get('/small', 'br, gzip');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(json(res.raw)).toEqual({ code: 200, msg: 'ok', data: null });
  });

  it('adds Accept-Encoding to a Vary the answer sets itself', async () => {
    const res = await get('/varied', 'gzip');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    expect(json(gunzipSync(res.raw))).toEqual(big);
  });
});
