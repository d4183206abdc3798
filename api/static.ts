import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { pickCoding, type Coding } from './http/accept-encoding.js';
import type { AppEnv } from './http/env.js';
import { requestCookie, requestHeader } from './http/node-http.js';
import { createLivePages, PAGE_RENDERER_DIR, type LiveData } from './http/page-renderer.js';
import { SESSION_COOKIE } from './http/security.js';
import { createRoutePreloads } from './http/route-preloads.js';
import { indexStaticFiles, type StaticFile } from './http/static-files.js';

/** Written by scripts/build/prerender-pages.ts; read here, never served as files. */
const PRERENDERED_DIR = 'prerendered';
/** The cookie src/lib/page-variant.ts writes. */
const PAGE_VARIANT_COOKIE = 'ui';

/** Hashed build output: its name changes with its content, so it never needs revalidating. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html, the service worker, the manifest, icons: always revalidated (cheap with the ETag). */
const REVALIDATE = 'no-cache';
const CODINGS: readonly Coding[] = ['br', 'gzip'];

/**
 * Serves the built PWA from `dir`: the brotli or gzip twin the build wrote beside a file when the
 * client accepts it (scripts/build/precompress.ts), hashed assets cached for a year, everything
 * else revalidated, and index.html for any other non-API GET so that client routes survive a
 * reload. Returns false when there is no build.
 */
export function serveBuiltApp(app: Hono<AppEnv>, dir: string, live: { sources: Record<string, LiveData>; onError: (err: unknown, what: string) => void } = { sources: {}, onError: () => {} }): boolean {
  const root = resolve(dir);
  if (!existsSync(join(root, 'index.html'))) return false;
  const files = indexStaticFiles(root, ['.vite', PRERENDERED_DIR, PAGE_RENDERER_DIR]);
  const indexHtml = files.get('/index.html');
  if (!indexHtml) return false;
  const indexText = readFileSync(indexHtml.identity.path, 'utf8');
  const preloads = createRoutePreloads(root, indexText);
  const prerendered = readPrerenderedPages(join(root, PRERENDERED_DIR));
  /** index.html or a prerendered page with the route's preload hints, encoded once on first use. */
  const withHints = new Map<string, InMemoryPage>();
  const livePages = createLivePages({ dir: root, template: indexText, sources: live.sources, finish: encodePage, onError: live.onError });

  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const path = c.req.path;
    if (path.startsWith('/api/')) return next();
    const file = files.get(safeDecode(path));
    if (file) {
      // An isolated page's workers (ffmpeg's, and the pthread workers it starts) must carry COEP
      // themselves or Chromium refuses to start them; on a script that is not a worker it means nothing.
      // The same for tesseract.js's worker, which the document worker starts for scanned PDF pages (docs/pdf-scan-ocr.md).
      if ((path.startsWith('/assets/') || path.startsWith('/ocr/')) && path.endsWith('.js')) c.header('Cross-Origin-Embedder-Policy', 'require-corp');
      return send(c, file, path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    }
    // A missing hashed file is a stale page asking for an old chunk: a 404 lets it fail (and
    // reload) instead of parsing index.html as JavaScript.
    if (path.startsWith('/assets/')) return next();
    // The video tools' pages are cross-origin isolated (COOP is global) so ffmpeg.wasm can use
    // threads; only they are, so pages that embed others' content (payment) keep working.
    if (isIsolatedPage(path)) c.header('Cross-Origin-Embedder-Policy', 'require-corp');
    const hints = preloads(path);
    const route = path.length > 1 ? path.replace(/\/+$/, '').toLowerCase() : '/';
    const lang = pageLanguage(c);
    const pageText = lang === null ? undefined : prerendered.get(`${lang}:${route}`);
    // A page with prerendered copies differs by the cookie that picks one.
    const byCookie = prerendered.has(`en:${route}`) || prerendered.has(`zh:${route}`);
    // Rendered with its live data (api/http/page-renderer.ts) where it can be; a query can change
    // what the page shows, so such an address gets the prerendered copy and the app at once.
    // A session (a Google sign-in lands here with one, before the app has stored the user): the
    // header must show the account, so the app starts at once instead of waiting for the visitor.
    const session = requestCookie(c, SESSION_COOKIE) !== undefined;
    if (!session && pageText && lang && livePages.has(route) && new URL(c.req.url).search === '') {
      const page = await livePages.page(route, lang);
      if (page) return sendPage(c, page, 'Accept-Encoding, Cookie');
    }
    if (!hints && !pageText) return send(c, indexHtml, REVALIDATE);
    const key = `${pageText ? `${lang}:${route}${session ? ':session' : ''}` : 'index'}|${hints}`;
    let page = withHints.get(key);
    // A prerendered page paints without the app's chunks, and its small entry imports them once the
    // page has loaded: hinted early they would compete with what the page shows for the connection.
    // (Tried again last in the body: Lighthouse's simulation then counts them before the first
    // paint, 2.9-3.8 s instead of 1.0 s, and the scores fell more than the blocking time gained.)
    const pageHints = pageText ? '' : hints;
    const text = pageText && session ? pageText.replace('data-hydrate="on-interaction"', 'data-hydrate="at-once"') : (pageText ?? indexText);
    if (!page) withHints.set(key, (page = encodePage(text.replace('</head>', `${pageHints}</head>`))));
    return sendPage(c, page, byCookie ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
  });
  return true;
}

/** `/products/videoTools` and its children (routes match case-insensitively); src/lib/isolation.ts says the same to the router. */
export function isIsolatedPage(path: string): boolean {
  return /^\/products\/videotools(?:\/|$)/i.test(path);
}

function send(c: Context<AppEnv>, file: StaticFile, cacheControl: string): Response {
  const available = CODINGS.filter((coding) => file.variants[coding]);
  const coding = pickCoding(requestHeader(c, 'accept-encoding'), available);
  const rep = (coding && file.variants[coding]) || file.identity;
  c.header('Content-Type', file.contentType);
  c.header('Cache-Control', cacheControl);
  c.header('ETag', rep.etag);
  // Caches must key on Accept-Encoding whenever the answer could have been encoded otherwise.
  if (available.length > 0) c.header('Vary', 'Accept-Encoding');
  if (coding) c.header('Content-Encoding', coding);
  if (matches(requestHeader(c, 'if-none-match'), rep.etag)) return c.body(null, 304);
  c.header('Content-Length', String(rep.size));
  if (c.req.method === 'HEAD') return c.body(null, 200);
  return c.body(Readable.toWeb(createReadStream(rep.path)) as ReadableStream, 200);
}

/** A page built at run time (index.html plus hints) with its encodings, kept in memory. */
interface InMemoryPage {
  identity: Uint8Array<ArrayBuffer>;
  br: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
}

function encodePage(html: string): InMemoryPage {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 16)}"`,
  };
}

function sendPage(c: Context<AppEnv>, page: InMemoryPage, vary: string): Response {
  const coding = pickCoding(requestHeader(c, 'accept-encoding'), CODINGS);
  const etag = coding ? `${page.etag.slice(0, -1)}-${coding}"` : page.etag;
  c.header('Content-Type', 'text/html; charset=utf-8');
  c.header('Cache-Control', REVALIDATE);
  c.header('ETag', etag);
  c.header('Vary', vary);
  if (coding) c.header('Content-Encoding', coding);
  if (matches(requestHeader(c, 'if-none-match'), etag)) return c.body(null, 304);
  const body = coding ? page[coding] : page.identity;
  c.header('Content-Length', String(body.length));
  if (c.req.method === 'HEAD') return c.body(null, 200);
  return c.body(body, 200);
}

/**
 * Prerendered pages by `lang:path` (lower-case path, as the router matches), from what the build
 * wrote under dist/prerendered/{lang}/ (scripts/build/prerender-pages.ts: `index.html` is `/`).
 */
function readPrerenderedPages(dir: string): Map<string, string> {
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const lang of readdirSync(dir)) {
    for (const name of readdirSync(join(dir, lang), { recursive: true, encoding: 'utf8' })) {
      if (!name.endsWith('.html')) continue;
      const path = name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length).split(sep).join('/')}`;
      pages.set(`${lang}:${path.toLowerCase()}`, readFileSync(join(dir, lang, name), 'utf8'));
    }
  }
  return pages;
}

/**
 * The language of the prerendered page that suits this visitor, from the `ui` cookie the app
 * writes (src/lib/page-variant.ts), English without one; null for a page that opens dark, which
 * gets the plain app rather than a light page that would flash.
 */
function pageLanguage(c: Context<AppEnv>): 'en' | 'zh' | null {
  const [lang, scheme] = (requestCookie(c, PAGE_VARIANT_COOKIE) ?? 'en').split('.');
  if (scheme === 'dark' || (lang !== 'en' && lang !== 'zh')) return null;
  return lang;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** The URL path as a file name; an undecodable path matches no file. */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return '';
  }
}
