import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { API_SECURITY_HEADERS, SECURITY_HEADERS, securityHeaders } from './security-headers.js';

const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([k]) => !['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(k)));

describe('security headers', () => {
  it('are what hono/secure-headers sends for the same policy', async () => {
    const reference = new Hono()
      .use(
        secureHeaders({
          contentSecurityPolicy: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:'],
            mediaSrc: ["'self'", 'blob:'],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'", 'http://127.0.0.1:*'],
            workerSrc: ["'self'", 'blob:'],
            objectSrc: ["'none'"],
            frameAncestors: ["'none'"],
            baseUri: ["'self'"],
          },
          crossOriginEmbedderPolicy: false,
        }),
      )
      .get('/', (c) => c.text('x'));
    const ours = new Hono().use(securityHeaders('/api/')).get('/', (c) => c.text('x'));
    const expected = headersOf(await reference.request('/'));
    expect(Object.keys(expected)).toHaveLength(SECURITY_HEADERS.length);
    expect(headersOf(await ours.request('/'))).toEqual(expected);
  });

  it('go out on the Node response too, and lose to a header the answer sets itself', async () => {
    const app = new Hono().use(securityHeaders('/api/')).get('/', (c) => c.text('x', 200, { 'X-Frame-Options': 'DENY' }));
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((ok) => server.once('listening', () => ok()));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.text()).toBe('x');
    } finally {
      server.close();
    }
  });

  it('are the REST set on API answers: nothing to frame, sniff, run or read cross-origin', async () => {
    const app = new Hono().use(securityHeaders('/api/')).get('/api/v1/x', (c) => c.json({ ok: true }));
    const got = headersOf(await app.request('/api/v1/x'));
    expect(got).toEqual(Object.fromEntries(API_SECURITY_HEADERS.map(([k, v]) => [k.toLowerCase(), v])));
    expect(got['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(got['x-frame-options']).toBe('DENY');
  });
});
