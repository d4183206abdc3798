import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { pickCoding } from './accept-encoding.js';

/** Smaller answers are sent as they are: compressing them costs more than it saves. */
const MIN_BYTES = 1024;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** Brotli 5 and gzip 6: most of the saving at a small fraction of the CPU of the top levels (those are for the build). */
const BROTLI_OPTS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * Compresses JSON answers (the API envelope, the OpenAPI document) with brotli or gzip by
 * Accept-Encoding. Only answers built in memory are touched: a response that already carries a
 * Content-Length or Content-Disposition is a streamed file (downloads) and goes out byte for
 * byte, and one that already has a Content-Encoding (precompressed static files) is left alone.
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const headers = res.headers;
    if (!res.body || c.req.method === 'HEAD') return;
    if (!JSON_TYPE.test(headers.get('content-type') ?? '')) return;
    if (headers.has('content-encoding') || headers.has('content-length') || headers.has('content-disposition')) return;
    if (/\bno-transform\b/i.test(headers.get('cache-control') ?? '')) return;
    const coding = pickCoding(c.req.header('accept-encoding'), ['br', 'gzip']);
    // A client that takes no coding costs nothing here: its answer is not even read.
    if (!coding) {
      headers.append('Vary', 'Accept-Encoding');
      return;
    }
    const body = new Uint8Array(await res.arrayBuffer());
    const small = body.length < MIN_BYTES;
    const out = small ? body : coding === 'br' ? await brotli(body, BROTLI_OPTS) : await gz(body);
    const answer = new Response(out, { status: res.status, statusText: res.statusText, headers });
    answer.headers.append('Vary', 'Accept-Encoding');
    if (!small) answer.headers.set('Content-Encoding', coding);
    answer.headers.set('Content-Length', String(out.length));
    // c.res = … merges the old headers in; replace the whole response instead.
    c.res = undefined;
    c.res = answer;
  };
}
