import type { ServerResponse } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { parse, serialize, type CookieOptions } from 'hono/utils/cookie';

/*
 * Under @hono/node-server the Node request and response sit in `c.env`; under `app.request()` in
 * tests they do not, and these fall back to Hono's own. Why bother: the first `c.req.header()`
 * builds a web Headers object of every request header, and a header set on the web Response is
 * validated into another; on a read that was about a fifth of the CPU. Node hands the request's
 * headers over already parsed and checks the answer's once as it writes them.
 */

function node(c: Context): Partial<HttpBindings> | undefined {
  return c.env as Partial<HttpBindings> | undefined;
}

/** The Node response, to set headers every answer carries; headers the answer sets itself still win. */
export function nodeResponse(c: Context): ServerResponse | undefined {
  return node(c)?.outgoing;
}

/** A request header, by name in any case. */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = node(c)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** One cookie of the request. */
export function requestCookie(c: Context, name: string): string | undefined {
  const header = requestHeader(c, 'cookie');
  return header ? parse(header, name)[name] : undefined;
}

/**
 * Sets a cookie on the answer. Every cookie the API sets goes through here, so none is lost:
 * Node replaces a header written on its response by the answer's own header of the same name.
 */
export function setResponseCookie(c: Context, name: string, value: string, options: CookieOptions): void {
  const outgoing = nodeResponse(c);
  if (!outgoing) {
    setCookie(c, name, value, options);
    return;
  }
  outgoing.appendHeader('Set-Cookie', serialize(name, value, { path: '/', ...options }));
}

/** Ends a cookie, with the attributes it was set with (some clients drop one only on an exact match). */
export function clearResponseCookie(c: Context, name: string, options: CookieOptions): void {
  setResponseCookie(c, name, '', { ...options, maxAge: 0 });
}
