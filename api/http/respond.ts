import type { Context } from 'hono';

/** The success envelope. Handlers return `ok(c, data)` or throw AppError. */
export function ok<T>(c: Context, data: T) {
  return c.json({ code: 200, msg: 'ok', data }, 200);
}
