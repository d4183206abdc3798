import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { pickCoding } from './accept-encoding.js';
import { nodeResponse, requestHeader } from './node-http.js';

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
    const coding = pickCoding(requestHeader(c, 'accept-encoding'), ['br', 'gzip']);
    const node = nodeResponse(c);
    // Every answer may vary by the header (harmless where it does not); said once on the Node response.
    node?.setHeader('Vary', 'Accept-Encoding');
    await next();
    // A client that takes no coding costs nothing here: neither its answer's headers nor its body are read.
    if (!coding && node) return;
    const res = c.res;
    // Headers first, and the body only once it will be compressed: on @hono/node-server reading
    // `res.body` turns its lightweight response into a full web Response (a stream per answer).
    const headers = res.headers;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 304) return;
    if (!JSON_TYPE.test(headers.get('content-type') ?? '')) return;
    if (headers.has('content-encoding') || headers.has('content-length') || headers.has('content-disposition')) return;
    if (/\bno-transform\b/i.test(headers.get('cache-control') ?? '')) return;
    if (!coding) {
      headers.append('Vary', 'Accept-Encoding');
      return;
    }
    if (!res.body) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const small = body.length < MIN_BYTES;
    const out = small ? body : coding === 'br' ? await brotli(body, BROTLI_OPTS) : await gz(body);
    const answer = new Response(out, { status: res.status, statusText: res.statusText, headers });
    // The Node response's Vary is replaced by one the answer sets itself: then add to the answer's.
    if (!node || headers.has('vary')) answer.headers.append('Vary', 'Accept-Encoding');
    if (!small) answer.headers.set('Content-Encoding', coding);
    answer.headers.set('Content-Length', String(out.length));
    // c.res = … merges the old headers in; replace the whole response instead.
    c.res = undefined;
    c.res = answer;
  };
}
