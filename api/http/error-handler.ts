import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ErrorCode, codeToStatus } from '@contracts/error-codes.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, DATABASE_RETRY_AFTER_S, dependencyDown } from './app-error.js';
import type { AppEnv } from './env.js';

/** One handler for every thrown error: AppError → its code; anything unexpected → 50001, logged. */
export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) {
    for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    // Status codes come from codeToStatus(), so the cast only narrows number to Hono's union.
    return c.json({ code: err.code, msg: err.message, data: err.data }, err.status as 200);
  }
  if (err instanceof HTTPException) {
    if (err.status === 413) {
      const code = ErrorCode.PAYLOAD_TOO_LARGE;
      return c.json({ code, msg: 'Request body too large', data: null }, codeToStatus(code) as 413);
    }
    if (err.status === 400) {
      // Hono's validator throws 400 for a body that is not valid JSON.
      return c.json({ code: ErrorCode.VALIDATION_FAILED, msg: err.message, data: { _: 'validation.malformed' } }, 200);
    }
  }
  if (isDatabaseUnavailable(err)) {
    c.get('log')?.warn({ err: err.message }, 'database unavailable');
    return handleError(dependencyDown('database', DATABASE_RETRY_AFTER_S, 'Service temporarily unavailable'), c);
  }
  c.get('log')?.error({ err }, 'unhandled error');
  return c.json({ code: ErrorCode.INTERNAL, msg: 'Internal error', data: null }, 500);
}
