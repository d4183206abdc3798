import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressJson } from '../../api/http/compress.js';
import type { AppEnv } from '../../api/http/env.js';
import { serveBuiltApp } from '../../api/static.js';
import { precompressDir } from '../../scripts/build/precompress.js';

const ASSET = '/assets/index-Ab12Cd34.js';
// Large and repetitive enough that both codings are written and clearly smaller.
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = "some text that repeats ${i % 7}";`).join('\n');

let dist: string;
let app: Hono<AppEnv>;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'static-serving-'));
  await mkdir(join(dist, 'assets'));
  await mkdir(join(dist, '.vite'));
  await writeFile(join(dist, 'index.html'), `<!doctype html><html><head><title>t</title>${'<meta name="x" content="padding">'.repeat(60)}</head><body><div id="root"></div><script type="module" src="${ASSET}"></script></body></html>`);
  await writeFile(join(dist, ASSET), SCRIPT);
  await writeFile(join(dist, 'sw.js'), `self.x = ${JSON.stringify(SCRIPT)};`);
  await writeFile(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'DocuFlow', icons: [] }));
  await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: ASSET.slice(1), isEntry: true } }));
  await precompressDir(dist);
  app = new Hono<AppEnv>();
  app.get('/api/v1/ping', (c) => c.json({ ok: true }));
  expect(serveBuiltApp(app, dist)).toBe(true);
});

afterAll(() => rm(dist, { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

describe('the built app, precompressed', () => {
  it('sends a hashed asset as brotli, gzip or identity by Accept-Encoding, each decoding to the same bytes', async () => {
    const br = await get(ASSET, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get(ASSET, { 'accept-encoding': 'gzip' });
    const plain = await get(ASSET);
    const refused = await get(ASSET, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(refused.headers.get('content-encoding')).toBeNull();
    const brBytes = Buffer.from(await br.arrayBuffer());
    const gzBytes = Buffer.from(await gz.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    expect(brBytes.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(brBytes).toString()).toBe(SCRIPT);
    expect(gunzipSync(gzBytes).toString()).toBe(SCRIPT);
    expect(await plain.text()).toBe(SCRIPT);
    expect(await refused.text()).toBe(SCRIPT);
    for (const res of [br, gz, plain]) {
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('revalidates index.html, the service worker and the manifest, and answers 304 to a matching ETag', async () => {
    for (const path of ['/', '/index.html', '/pricing', '/sw.js', '/manifest.webmanifest']) {
      const res = await get(path, { 'accept-encoding': 'br' });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
    const sw = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(sw.headers.get('content-encoding')).toBe('br');
    const again = await get('/sw.js', { 'accept-encoding': 'br', 'if-none-match': sw.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('serves client routes as index.html, but a missing asset or API path as 404', async () => {
    const page = await get('/products/imageTools');
    expect(await page.text()).toContain('<div id="root">');
    expect((await get('/assets/gone-12345678.js')).status).toBe(404);
    expect((await get('/api/v1/nope')).status).toBe(404);
    expect((await get('/../package.json')).status).toBe(200); // the SPA page, never a file outside dist
    expect(await (await get('/../package.json')).text()).toContain('<div id="root">');
  });

  it('isolates the video tools pages (COEP) and no other page; asset scripts carry COEP so their workers start there', async () => {
    for (const path of ['/products/videoTools', '/products/videotools/panels/cropping', '/Products/VideoTools/panels/merge/']) {
      const res = await get(path);
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    }
    for (const path of ['/', '/payment/123', '/pricing', '/products/videoToolsX', '/products/imageTools', '/sw.js', '/manifest.webmanifest']) {
      expect((await get(path)).headers.get('cross-origin-embedder-policy')).toBeNull();
    }
    expect((await get(ASSET)).headers.get('cross-origin-embedder-policy')).toBe('require-corp');
  });

  it('answers HEAD with the length of what GET would send and no body', async () => {
    const res = await app.request(ASSET, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    const full = await get(ASSET, { 'accept-encoding': 'br' });
    expect(res.headers.get('content-length')).toBe(full.headers.get('content-length'));
    expect(await res.text()).toBe('');
  });
});

describe('API answers, compressed at run time', () => {
  const api = new Hono();
  api.use('*', compressJson());
  const big = { code: 200, msg: 'ok', data: Array.from({ length: 200 }, (_, i) => ({ id: `bundle-${i}`, name: 'Pro bundle' })) };
  api.get('/big', (c) => c.json(big));
  api.get('/small', (c) => c.json({ code: 200, msg: 'ok', data: null }));
  api.get('/download', (c) => {
    const bytes = Buffer.from(JSON.stringify(big));
    c.header('Content-Type', 'application/json');
    c.header('Content-Length', String(bytes.length));
    c.header('Content-Disposition', 'attachment; filename="out.json"');
    return c.body(bytes);
  });

  it('compresses a large JSON answer with brotli or gzip, and leaves it alone for a client that takes neither', async () => {
    const br = await api.request('/big', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    expect(JSON.parse(brotliDecompressSync(brBytes).toString())).toEqual(big);
    const gz = await api.request('/big', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(big);
    const plain = await api.request('/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(big);
  });

  it('sends tiny answers and downloads as they are, Content-Length intact', async () => {
    const small = await api.request('/small', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ code: 200, msg: 'ok', data: null });
    const dl = await api.request('/download', { headers: { 'accept-encoding': 'br' } });
    expect(dl.headers.get('content-encoding')).toBeNull();
    const bytes = Buffer.from(await dl.arrayBuffer());
    expect(Number(dl.headers.get('content-length'))).toBe(bytes.length);
    expect(JSON.parse(bytes.toString())).toEqual(big);
  });
});

describe('prerendered pages', () => {
  let built: string;
  let site: Hono<AppEnv>;
  const page = (lang: string, body: string) => `<!doctype html><html lang="${lang}"><head><title>t</title></head><body><div id="root" data-prerendered="${lang}">${body}</div></body></html>`;

  beforeAll(async () => {
    built = await mkdtemp(join(tmpdir(), 'static-prerendered-'));
    await mkdir(join(built, 'prerendered', 'en', 'products'), { recursive: true });
    await mkdir(join(built, 'prerendered', 'zh'), { recursive: true });
    await writeFile(join(built, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');
    await writeFile(join(built, 'prerendered', 'en', 'index.html'), page('en', '<h1>Home</h1>'));
    await writeFile(join(built, 'prerendered', 'zh', 'index.html'), page('zh', '<h1>首页</h1>'));
    await writeFile(join(built, 'prerendered', 'en', 'products', 'imagetools.html'), page('en', '<h1>Images</h1>'));
    await writeFile(join(built, 'prerendered', 'en', 'terms-waiting.html'), page('en', '<h1>Waits</h1>').replace('data-prerendered="en"', 'data-prerendered="en" data-hydrate="on-interaction"'));
    site = new Hono<AppEnv>();
    expect(serveBuiltApp(site, built)).toBe(true);
  });
  afterAll(() => rm(built, { recursive: true, force: true }));

  const open = (path: string, cookie?: string) => site.request(path, { headers: cookie ? { cookie } : {} });

  it('sends the English page without a cookie, the Chinese one for ui=zh, and says it varies by cookie', async () => {
    const en = await open('/');
    expect(await en.text()).toContain('<h1>Home</h1>');
    expect(en.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    expect(await (await open('/', 'ui=zh')).text()).toContain('<h1>首页</h1>');
  });

  it('matches the path as the router does (any case, a trailing slash) and falls back to the app where a language has no copy', async () => {
    expect(await (await open('/Products/ImageTools/')).text()).toContain('<h1>Images</h1>');
    const zh = await (await open('/products/imageTools', 'ui=zh')).text();
    expect(zh).toContain('<div id="root"></div>');
  });

  it('sends the plain app to a page that opens dark, and to paths that were never prerendered, without Vary: Cookie', async () => {
    const dark = await open('/', 'ui=en.dark');
    expect(await dark.text()).toContain('<div id="root"></div>');
    const other = await open('/terms', 'ui=zh');
    expect(await other.text()).toContain('<div id="root"></div>');
    expect(other.headers.get('vary') ?? '').not.toContain('Cookie');
  });

  it('marks a page that waits for its visitor to start at once for a request with a session (a Google sign-in lands with one)', async () => {
    expect(await (await open('/terms-waiting')).text()).toContain('data-hydrate="on-interaction"');
    const withSession = await open('/terms-waiting', 'sid=abc');
    expect(await withSession.text()).toContain('data-hydrate="at-once"');
    expect(withSession.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    expect(await (await open('/terms-waiting')).text()).toContain('data-hydrate="on-interaction"');
  });

  it('never serves the prerendered folder as files', async () => {
    const res = await open('/prerendered/en/index.html');
    expect(await res.text()).not.toContain('data-prerendered');
  });
});

/**
 * Pages rendered with live data (api/http/page-renderer.ts). The build's renderer is stood in for
 * by a module with the same export that writes the data it got into the page and counts its
 * renders; the real one is exercised by tests/e2e/prerendered.e2e.ts on a real build.
 */
describe('pages rendered with live data', () => {
  let built: string;
  let site: Hono<AppEnv>;
  let prices: Record<string, number> = { en: 10, zh: 70 };
  let failData = false;
  const errors: string[] = [];

  beforeAll(async () => {
    built = await mkdtemp(join(tmpdir(), 'static-live-'));
    await mkdir(join(built, 'prerendered', 'en'), { recursive: true });
    await mkdir(join(built, 'server'), { recursive: true });
    await writeFile(join(built, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');
    await writeFile(join(built, 'prerendered', 'en', 'pricing.html'), '<!doctype html><html><body><div id="root" data-prerendered="en" data-hydrate="at-once"><p>skeleton</p></div></body></html>');
    await writeFile(
      join(built, 'server', 'render-page.mjs'),
      `let renders = 0;
       export async function renderDocument(template, path, lang, { data, start }) {
         renders += 1;
         if (JSON.stringify(data).includes('"boom"')) throw new Error('render failed');
         return template.replace('<div id="root"></div>', '<div id="root" data-prerendered="' + lang + '" data-hydrate="' + start + '">' + path + ' ' + JSON.stringify(data) + ' render ' + renders + '</div>');
       }`,
    );
    site = new Hono<AppEnv>();
    const sources = {
      '/pricing': async (lang: 'en' | 'zh') => {
        if (failData) throw new Error('database down');
        return { [`/bundle/list?lang=${lang}`]: [{ id: 'b1', price: prices[lang] }] };
      },
    };
    expect(serveBuiltApp(site, built, { sources, onError: (_err, what) => errors.push(what) })).toBe(true);
  });
  afterAll(() => rm(built, { recursive: true, force: true }));

  const open = (path: string) => site.request(path);

  it('renders the page with its data, complete, so the app may wait for the visitor', async () => {
    const html = await (await open('/pricing')).text();
    expect(html).toContain('data-hydrate="on-interaction"');
    expect(html).toContain('/pricing {"/bundle/list?lang=en":[{"id":"b1","price":10}]} render 1');
  });

  it('keeps the page while the data is the same and renders it again when the data changes', async () => {
    expect(await (await open('/Pricing/')).text()).toContain('render 1');
    prices = { ...prices, en: 12 };
    const changed = await (await open('/pricing')).text();
    expect(changed).toContain('"price":12');
    expect(changed).toContain('render 2');
  });

  it('sends the prerendered copy for an address with a query, when the data fails and when the render fails', async () => {
    expect(await (await open('/pricing?kind=membership')).text()).toContain('skeleton');
    failData = true;
    expect(await (await open('/pricing')).text()).toContain('skeleton');
    failData = false;
    prices = { ...prices, en: 'boom' as unknown as number };
    expect(await (await open('/pricing')).text()).toContain('skeleton');
    expect(errors).toEqual(['live data of /pricing', 'render of /pricing']);
  });

  it('sends the prerendered copy (app at once) to a request with a session', async () => {
    const html = await (await site.request('/pricing', { headers: { cookie: 'sid=abc' } })).text();
    expect(html).toContain('skeleton');
    expect(html).toContain('data-hydrate="at-once"');
  });

  it('never serves the renderer as a file', async () => {
    const res = await open('/server/render-page.mjs');
    expect(await res.text()).not.toContain('renderDocument');
  });
});
