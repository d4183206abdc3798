import http from 'node:http';
import https from 'node:https';
import { isIP, type Socket } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { refusalForHostName } from './address-policy.js';
import { PageFetchError } from './fetch-errors.js';
import { checkAddress, guardedLookup, systemResolver, type Resolver } from './guarded-lookup.js';

export interface PageFetchOptions {
  /** DNS answers; tests give fixed ones. Default: the system resolver. */
  resolve?: Resolver;
  /** Largest page, counted after decompression. */
  maxBytes?: number;
  /** For the whole fetch, redirects included. */
  timeoutMs?: number;
  maxRedirects?: number;
  /**
   * TEST ONLY: addresses allowed despite the policy, so a test can serve an "allowed" page from
   * 127.0.0.1. Only code passes it (tests, through createApp's `pageFetch`); no configuration or
   * environment variable reaches it, so production always runs with it empty.
   */
  unsafeAllowAddresses?: readonly string[];
  /** Content types accepted (lower case, no parameters); default web pages and text. Feeds pass their XML types. */
  acceptTypes?: readonly string[];
}

export interface FetchedPage {
  /** The URL the page came from, after redirects. */
  url: string;
  /** `text/html` or `text/plain` (or `application/xhtml+xml`), or one of `acceptTypes`. */
  mime: string;
  /** From the Content-Type header, when it names one. */
  charset?: string;
  body: Buffer;
}

export const PAGE_LIMITS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5 } as const;
const PAGE_TYPES = ['text/html', 'application/xhtml+xml', 'text/plain'] as const;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A URL we are willing to request at all: http(s), no credentials, a host that is not refused by name or literal address. */
function checkUrl(raw: string, allow: ReadonlySet<string>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PageFetchError({ kind: 'invalidUrl' });
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname) throw new PageFetchError({ kind: 'invalidUrl' });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) checkAddress(host, allow);
  else {
    const reason = refusalForHostName(host);
    if (reason) throw new PageFetchError({ kind: 'refused', reason });
  }
  url.hash = '';
  return url;
}

/**
 * Fetches a user-given web page safely (the server-side request forgery rules of issue 12):
 * only http(s) to public addresses, checked on every DNS answer by the socket's own lookup and
 * again on the connected socket, on every redirect (followed by hand, at most 5); capped in
 * size (streamed, cut off, refused), in time (one deadline for the whole fetch) and in type.
 */
export async function fetchPage(rawUrl: string, opts: PageFetchOptions = {}): Promise<FetchedPage> {
  const limits = { ...PAGE_LIMITS, ...opts };
  const allow = new Set(opts.unsafeAllowAddresses ?? []);
  const lookup = guardedLookup(opts.resolve ?? systemResolver, allow);
  const accept = opts.acceptTypes ?? PAGE_TYPES;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), limits.timeoutMs);
  try {
    let url = checkUrl(rawUrl, allow);
    for (let hop = 0; ; hop++) {
      const res = await request(url, lookup, allow, deadline.signal, limits.timeoutMs, accept);
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode ?? 0) && location) {
        res.destroy();
        if (hop >= limits.maxRedirects) throw new PageFetchError({ kind: 'tooManyRedirects', limit: limits.maxRedirects });
        url = checkUrl(new URL(location, url).href, allow);
        continue;
      }
      return await readBody(url, res, limits.maxBytes, deadline.signal, limits.timeoutMs, accept);
    }
  } finally {
    clearTimeout(timer);
  }
}

function request(url: URL, lookup: ReturnType<typeof guardedLookup>, allow: ReadonlySet<string>, signal: AbortSignal, timeoutMs: number, accept: readonly string[]): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const get = url.protocol === 'https:' ? https.get : http.get;
    const req = get(url, {
      lookup,
      // A fresh connection per request: a pooled socket would skip the lookup hook.
      agent: false,
      signal,
      headers: {
        'user-agent': 'DocuFlow-Reader/1.0 (reading assistant; fetches one page on a user request)',
        accept: accept === PAGE_TYPES ? 'text/html,application/xhtml+xml,text/plain;q=0.9' : accept.join(','),
        'accept-encoding': 'gzip, deflate, br',
      },
    });
    // The lookup hook already chose a checked address; this re-checks what the socket actually reached.
    req.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        try {
          if (socket.remoteAddress) checkAddress(socket.remoteAddress, allow);
        } catch (err) {
          req.destroy(err as Error);
        }
      });
    });
    req.once('response', resolve);
    req.once('error', (err) => reject(translateError(err, signal, timeoutMs)));
  });
}

function translateError(err: unknown, signal: AbortSignal, timeoutMs: number): Error {
  if (err instanceof PageFetchError) return err;
  if (signal.aborted) return new PageFetchError({ kind: 'timeout', limitMs: timeoutMs });
  const code = (err as NodeJS.ErrnoException).code;
  return new PageFetchError({ kind: 'network', detail: code ?? (err instanceof Error ? err.message : String(err)) });
}

function decoded(res: http.IncomingMessage): Readable {
  switch ((res.headers['content-encoding'] ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(zlib.createGunzip());
    case 'deflate':
      return res.pipe(zlib.createInflate());
    case 'br':
      return res.pipe(zlib.createBrotliDecompress());
    default:
      return res;
  }
}

async function readBody(url: URL, res: http.IncomingMessage, maxBytes: number, signal: AbortSignal, timeoutMs: number, accept: readonly string[]): Promise<FetchedPage> {
  const status = res.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    res.destroy();
    throw new PageFetchError({ kind: 'status', status });
  }
  const [mimePart, ...params] = (res.headers['content-type'] ?? '').split(';');
  const mime = (mimePart ?? '').trim().toLowerCase();
  if (!accept.includes(mime)) {
    res.destroy();
    throw new PageFetchError({ kind: 'contentType', contentType: mime || 'none' });
  }
  if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
    res.destroy();
    throw new PageFetchError({ kind: 'tooLarge', limitBytes: maxBytes });
  }
  const charset = params.map((p) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(p)?.[1]).find(Boolean)?.toLowerCase();
  const stream = decoded(res);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      // Counted after decompression, so a small compressed bomb is cut off too.
      if (size > maxBytes) throw new PageFetchError({ kind: 'tooLarge', limitBytes: maxBytes });
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    throw translateError(err, signal, timeoutMs);
  } finally {
    res.destroy();
    stream.destroy();
  }
  return { url: url.href, mime, ...(charset ? { charset } : {}), body: Buffer.concat(chunks) };
}
