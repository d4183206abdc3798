import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleHtml, PageServer } from '../../../tests/helpers/page-server';
import { fetchPage, type PageFetchOptions } from './fetch-page';
import { PageFetchError, type PageFetchFailure } from './fetch-errors';
import type { Resolver } from './guarded-lookup';

const BODY = articleHtml(['A paragraph of the test page.']);
let port = 0;
const server = new PageServer({
  '/page': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BODY),
  '/text': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('Plain words.'),
  '/image': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(10)),
  '/big-declared': (_req, res) => res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(6 * 1024 * 1024) }).end(),
  '/big-streamed': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < 7 * 1024 * 1024) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  },
  // 6 MB of text compressed to a few kB: the cap counts what it expands to.
  '/gzip-bomb': (_req, res) => res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(6 * 1024 * 1024, ' '))),
  '/gzip-page': (_req, res) => res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(BODY)),
  '/hang': () => undefined,
  '/missing': (_req, res) => res.writeHead(404).end(),
  '/to-loopback': (_req, res) => res.writeHead(302, { location: `http://127.0.0.2:${port}/page` }).end(),
  '/to-localhost': (_req, res) => res.writeHead(301, { location: `http://localhost:${port}/page` }).end(),
  '/to-metadata': (_req, res) => res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  '/to-private-name': (_req, res) => res.writeHead(302, { location: `http://intranet.test:${port}/page` }).end(),
  '/to-mapped': (_req, res) => res.writeHead(302, { location: `http://[::ffff:10.0.0.1]:${port}/page` }).end(),
  '/to-file': (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
  '/to-good': (_req, res) => res.writeHead(302, { location: '/page' }).end(),
  '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
});

/** The test DNS: names → answers, as a resolver would give them. */
const DNS: Record<string, string[]> = {
  'good.test': ['127.0.0.1'],
  'evil.test': ['127.0.0.1'],
  'intranet.test': ['10.0.0.5'],
  'cgnat.test': ['100.64.0.9'],
  'metadata.test': ['169.254.169.254'],
  'aws6.test': ['fd00:ec2::254'],
  'linklocal6.test': ['fe80::1'],
  'mixed.test': ['93.184.216.34', '192.168.1.10'],
  'mapped.test': ['::ffff:127.0.0.1'],
};
const lookups: string[] = [];
const resolve: Resolver = async (host) => {
  lookups.push(host);
  const answers = DNS[host];
  if (!answers) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

/** Only good.test's server is allowed: 127.0.0.1 on the test-only allow list. */
const allowed: PageFetchOptions = { resolve, unsafeAllowAddresses: ['127.0.0.1'] };
const strict: PageFetchOptions = { resolve };

async function failure(url: string, opts: PageFetchOptions): Promise<PageFetchFailure> {
  try {
    await fetchPage(url, opts);
  } catch (err) {
    if (err instanceof PageFetchError) return err.failure;
    throw err;
  }
  throw new Error(`${url} was fetched`);
}

describe('fetchPage', () => {
  beforeAll(async () => {
    port = await server.start();
    server.routes['/to-loopback'] = (_req, res) => res.writeHead(302, { location: `http://127.0.0.2:${port}/page` }).end();
  });
  afterAll(() => server.stop());
  const url = (path: string, host = 'good.test') => `http://${host}:${port}${path}`;

  it('fetches an allowed page, following a relative redirect', async () => {
    const page = await fetchPage(url('/to-good'), allowed);
    expect(page.url).toBe(url('/page'));
    expect(page.mime).toBe('text/html');
    expect(page.charset).toBe('utf-8');
    expect(page.body.toString('utf8')).toBe(BODY);
    expect((await fetchPage(url('/gzip-page'), allowed)).body.toString('utf8')).toBe(BODY);
    expect((await fetchPage(url('/text'), allowed)).mime).toBe('text/plain');
  });

  it('refuses loopback, private, link-local, metadata and unspecified literals before connecting', async () => {
    const hitsBefore = server.hits.length;
    const cases: [string, string][] = [
      [`http://127.0.0.1:${port}/page`, 'loopback'],
      [`http://[::1]:${port}/page`, 'loopback'],
      [`http://2130706433:${port}/page`, 'loopback'], // 127.0.0.1 written as one number
      ['http://10.1.2.3/', 'private'],
      ['http://172.16.0.1/', 'private'],
      ['http://192.168.0.1/', 'private'],
      ['http://100.64.0.1/', 'private'],
      ['http://[fc00::1]/', 'private'],
      ['http://169.254.1.1/', 'linkLocal'],
      ['http://[fe80::1]/', 'linkLocal'],
      ['http://169.254.169.254/latest/meta-data/', 'metadata'],
      ['http://[fd00:ec2::254]/', 'metadata'],
      ['http://metadata.google.internal/computeMetadata/v1/', 'metadata'],
      ['http://0.0.0.0/', 'unspecified'],
      ['http://[::]/', 'unspecified'],
      ['http://224.0.0.1/', 'multicast'],
      [`http://[::ffff:127.0.0.1]:${port}/`, 'loopback'],
      ['http://[::ffff:169.254.169.254]/', 'metadata'],
      ['http://[64:ff9b::a00:1]/', 'private'], // NAT64 of 10.0.0.1: judged by the address it carries
      ['http://localhost/', 'loopback'],
      ['http://printer.local/', 'hostName'],
    ];
    for (const [target, reason] of cases) expect(await failure(target, strict), target).toMatchObject({ kind: 'refused', reason });
    expect(server.hits.length).toBe(hitsBefore);
  });

  it('refuses host names whose DNS answer is loopback, private, link-local or metadata (the test DNS answer)', async () => {
    const hitsBefore = server.hits.length;
    expect(await failure(url('/page', 'evil.test'), strict)).toMatchObject({ kind: 'refused', reason: 'loopback', address: '127.0.0.1' });
    expect(await failure(url('/page', 'intranet.test'), strict)).toMatchObject({ kind: 'refused', reason: 'private', address: '10.0.0.5' });
    expect(await failure(url('/page', 'cgnat.test'), strict)).toMatchObject({ kind: 'refused', reason: 'private' });
    expect(await failure(url('/page', 'metadata.test'), strict)).toMatchObject({ kind: 'refused', reason: 'metadata' });
    expect(await failure(url('/page', 'aws6.test'), strict)).toMatchObject({ kind: 'refused', reason: 'metadata' });
    expect(await failure(url('/page', 'linklocal6.test'), strict)).toMatchObject({ kind: 'refused', reason: 'linkLocal' });
    expect(await failure(url('/page', 'mapped.test'), strict)).toMatchObject({ kind: 'refused', reason: 'loopback' });
    expect(await failure('https://intranet.test/', strict)).toMatchObject({ kind: 'refused', reason: 'private', address: '10.0.0.5' });
    // One private answer among public ones refuses the name: the socket could pick either.
    expect(await failure(url('/page', 'mixed.test'), strict)).toMatchObject({ kind: 'refused', reason: 'private', address: '192.168.1.10' });
    expect(server.hits.length).toBe(hitsBefore);
  });

  it('checks every redirect: loopback, localhost, metadata, a private DNS answer, a mapped address and other schemes are refused', async () => {
    expect(await failure(url('/to-loopback'), allowed)).toMatchObject({ kind: 'refused', reason: 'loopback' });
    expect(await failure(url('/to-localhost'), allowed)).toMatchObject({ kind: 'refused', reason: 'loopback' });
    expect(await failure(url('/to-metadata'), allowed)).toMatchObject({ kind: 'refused', reason: 'metadata' });
    lookups.length = 0;
    expect(await failure(url('/to-private-name'), allowed)).toMatchObject({ kind: 'refused', reason: 'private', address: '10.0.0.5' });
    // The redirect's host was looked up afresh, not trusted because the first host was allowed.
    expect(lookups).toEqual(['good.test', 'intranet.test']);
    expect(await failure(url('/to-mapped'), allowed)).toMatchObject({ kind: 'refused', reason: 'private' });
    expect(await failure(url('/to-file'), allowed)).toEqual({ kind: 'invalidUrl' });
    expect(await failure(url('/loop'), allowed)).toEqual({ kind: 'tooManyRedirects', limit: 5 });
    expect(server.hits.filter((h) => h === '/loop')).toHaveLength(6);
  });

  it('refuses pages over the size limit, declared, streamed or compressed', async () => {
    expect(await failure(url('/big-declared'), allowed)).toEqual({ kind: 'tooLarge', limitBytes: 5 * 1024 * 1024 });
    expect(await failure(url('/big-streamed'), allowed)).toEqual({ kind: 'tooLarge', limitBytes: 5 * 1024 * 1024 });
    expect(await failure(url('/gzip-bomb'), allowed)).toEqual({ kind: 'tooLarge', limitBytes: 5 * 1024 * 1024 });
    expect(await failure(url('/page'), { ...allowed, maxBytes: 100 })).toEqual({ kind: 'tooLarge', limitBytes: 100 });
  });

  it('refuses other content types, times out, and reports error statuses and unknown hosts', async () => {
    expect(await failure(url('/image'), allowed)).toEqual({ kind: 'contentType', contentType: 'image/png' });
    // A caller's own list replaces the page types (video feeds accept their XML types).
    expect((await fetchPage(url('/image'), { ...allowed, acceptTypes: ['image/png'] })).mime).toBe('image/png');
    expect(await failure(url('/page'), { ...allowed, acceptTypes: ['application/rss+xml'] })).toEqual({ kind: 'contentType', contentType: 'text/html' });
    const started = Date.now();
    expect(await failure(url('/hang'), { ...allowed, timeoutMs: 300 })).toEqual({ kind: 'timeout', limitMs: 300 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await failure(url('/missing'), allowed)).toEqual({ kind: 'status', status: 404 });
    expect(await failure(url('/page', 'nowhere.test'), allowed)).toEqual({ kind: 'network', detail: 'ENOTFOUND' });
    expect(await failure('ftp://example.com/a', allowed)).toEqual({ kind: 'invalidUrl' });
    expect(await failure('http://user:pw@example.com/', allowed)).toEqual({ kind: 'invalidUrl' });
  });
});
