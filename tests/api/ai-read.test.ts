import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@contracts/error-codes.js';
import type { ReadUrlResult } from '@contracts/ai-read.js';
import type { Resolver } from '../../api/ai/fetch/guarded-lookup.js';
import { userClient } from '../helpers/admin-clients.js';
import { articleHtml, PageServer } from '../helpers/page-server.js';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.js';

const PARAGRAPHS = [
  'The reading assistant fetches a web page on the server and keeps only its article.',
  'Menus, footers and scripts are dropped, so the translation sees the text a person reads.',
  'Each paragraph gets an id, w1, w2 and so on, stable for the page, which translations use.',
];
/** The test DNS answer. The page server listens on 127.0.0.3, the one address the app's test-only allow list admits. */
const DNS: Record<string, string> = { 'good.test': '127.0.0.3', 'evil.test': '127.0.0.1', 'intranet.test': '10.0.0.5', 'imds.test': '169.254.169.254' };
const resolve: Resolver = async (host) => {
  const address = DNS[host];
  if (!address) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};

describe.each(testDialects())('POST /ai/read/url on %s', (dialect) => {
  let t: TestApp;
  let port = 0;
  const pages = new PageServer({
    '/article': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(articleHtml(PARAGRAPHS, { title: 'Reading', byline: 'By Test Author', lang: 'en' })),
    '/big': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(Buffer.alloc(5 * 1024 * 1024 + 1, 'x')),
    '/pdf': (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7'),
    '/gone': (_req, res) => res.writeHead(500).end(),
    '/to-loopback': (_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${port}/article` }).end(),
    '/to-intranet': (_req, res) => res.writeHead(302, { location: `http://intranet.test:${port}/article` }).end(),
    '/to-metadata': (_req, res) => res.writeHead(302, { location: 'http://imds.test/latest/meta-data/' }).end(),
  }, '127.0.0.3');

  beforeAll(async () => {
    port = await pages.start();
    t = await createTestApp(dialect, {}, null, undefined, { pageFetch: { resolve, unsafeAllowAddresses: ['127.0.0.3'] } });
  });
  afterAll(async () => {
    await t.close();
    await pages.stop();
  });

  const read = async (url: string) => {
    const { c } = await userClient(t, 'rd');
    return c.post<ReadUrlResult & { reason?: string; reasonKey?: string; url?: string }>('/api/v1/ai/read/url', { url });
  };

  it('reads an allowed page into the title, byline, language and paragraphs w1…', async () => {
    const res = await read(`http://good.test:${port}/article`);
    expect(res.code).toBe(200);
    expect(res.data).toEqual({ title: 'Reading', byline: 'By Test Author', lang: 'en', paragraphs: PARAGRAPHS.map((text, i) => ({ id: `w${i + 1}`, text })) });
  });

  it('asks signed-out callers to log in and refuses what is not an http(s) URL', async () => {
    expect((await t.client().post('/api/v1/ai/read/url', { url: 'https://example.com' })).code).toBe(ErrorCode.NOT_LOGGED_IN);
    for (const url of ['not a url', 'file:///etc/passwd', 'javascript:alert(1)', 'ftp://example.com/x']) {
      const res = await read(url);
      expect(res.code, url).toBe(ErrorCode.VALIDATION_FAILED);
      expect(res.data).toEqual({ url: 'validation.urlInvalid' });
    }
  });

  it('refuses loopback, private, link-local and metadata addresses, by literal, DNS answer or redirect', async () => {
    const hits = pages.hits.length;
    const refused: [string, string][] = [
      [`http://127.0.0.1:${port}/article`, 'loopback'],
      [`http://localhost:${port}/article`, 'loopback'],
      ['http://[::1]/', 'loopback'],
      ['http://10.0.0.1/', 'private'],
      ['http://192.168.1.1/', 'private'],
      ['http://169.254.10.10/', 'linkLocal'],
      ['http://169.254.169.254/latest/meta-data/', 'metadata'],
      ['http://metadata.google.internal/', 'metadata'],
      [`http://evil.test:${port}/article`, 'loopback'],
      [`http://intranet.test:${port}/article`, 'private'],
      ['http://imds.test/latest/meta-data/', 'metadata'],
      [`http://good.test:${port}/to-loopback`, 'loopback'],
      [`http://good.test:${port}/to-intranet`, 'private'],
      [`http://good.test:${port}/to-metadata`, 'metadata'],
    ];
    for (const [url, reason] of refused) {
      const res = await read(url);
      expect(res.code, url).toBe(ErrorCode.FORBIDDEN);
      expect(res.data, url).toMatchObject({ reason, reasonKey: `translate.urlRefused.${reason}` });
    }
    // Only the redirecting pages were reached; no refused target ever was.
    expect(pages.hits.slice(hits)).toEqual(['/to-loopback', '/to-intranet', '/to-metadata']);
  });

  it('limits how many pages a user reads per minute', async () => {
    const limited = await createTestApp(dialect, { rateLimits: { ...t.config.rateLimits, readUrlPerUser: { points: 2, durationS: 60 } } }, null, undefined, { pageFetch: { resolve, unsafeAllowAddresses: ['127.0.0.3'] } });
    try {
      const { c } = await userClient(limited, 'rl');
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await c.post('/api/v1/ai/read/url', { url: `http://good.test:${port}/article` })).code);
      expect(codes).toEqual([200, 200, ErrorCode.TOO_MANY_ATTEMPTS]);
    } finally {
      await limited.close();
    }
  });

  it('publishes the reading assistant routes in OpenAPI', async () => {
    const doc = (await (await t.app.request('/api/v1/openapi.json')).json()) as { paths: Record<string, unknown> };
    for (const p of ['/ai/read/url', '/ai/translate', '/ai/read/export']) expect(doc.paths).toHaveProperty(p);
  });

  it('refuses pages over 5 MB and other content types, and reports unreachable pages', async () => {
    expect((await read(`http://good.test:${port}/big`)).code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
    expect((await read(`http://good.test:${port}/pdf`)).code).toBe(ErrorCode.UNSUPPORTED_CONTENT);
    const gone = await read(`http://good.test:${port}/gone`);
    expect(gone.code).toBe(ErrorCode.PAGE_UNREACHABLE);
    expect(gone.data).toMatchObject({ reason: 'status', status: 500 });
    expect((await read(`http://nowhere.test:${port}/`)).data).toMatchObject({ reason: 'network' });
  });
});
