import type { Context } from 'hono';

/** The success envelope. Handlers return `ok(c, data)` or throw AppError. */
export function ok<T>(c: Context, data: T) {
  return c.json({ code: 200, msg: 'ok', data }, 200);
}

const envelopes = new WeakMap<object, Uint8Array<ArrayBuffer>>();

/**
 * `ok` for data every caller shares: the read caches (catalogue, bundles) hand out the same
 * object until it changes, so its envelope is serialized and encoded once per object instead of per request.
 */
export function okShared<T extends object>(c: Context, data: T): ReturnType<typeof ok<T>> {
  let body = envelopes.get(data);
  if (body === undefined) {
    body = new TextEncoder().encode(JSON.stringify({ code: 200, msg: 'ok', data }));
    envelopes.set(data, body);
  }
  // The bytes c.json would send, typed as ok's answer so routes keep their OpenAPI response type.
  return c.body(body, 200, { 'Content-Type': 'application/json' }) as unknown as ReturnType<typeof ok<T>>;
}
