import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ErrorCode, codeToStatus } from '@contracts/error-codes.js';
import { databaseFault } from '../db/unavailable.js';
import { STORAGE_RETRY_AFTER_S, storageFault } from '../storage/storage-errors.js';
import { AppError, DATABASE_RETRY_AFTER_S, dependencyDown, diskFull } from './app-error.js';
import type { AppEnv } from './env.js';

/** One handler for every thrown error: AppError → its code; storage and database faults → 50701/50303; anything unexpected → 50001, logged. */
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
  const fault = serverFault(err);
  if (fault) {
    c.get('log')?.warn({ err: err.message, code: (err as { code?: unknown }).code }, fault.message);
    return handleError(fault, c);
  }
  c.get('log')?.error({ err }, 'unhandled error');
  return c.json({ code: ErrorCode.INTERNAL, msg: 'Internal error', data: null }, 500);
}

/**
 * The one mapping of storage and database faults that no service caught: a full disk or database
 * is 50701, a data folder or database that cannot be written or reached is 50303 (`down` names
 * which), each with Retry-After. Undefined for anything else (a bug: 50001).
 */
function serverFault(err: Error): AppError | undefined {
  const file = storageFault(err);
  if (file) return file;
  switch (databaseFault(err)) {
    case 'full':
      return diskFull(STORAGE_RETRY_AFTER_S, 'Database disk full');
    case 'storage':
      return dependencyDown('database', STORAGE_RETRY_AFTER_S, 'Database storage unavailable');
    case 'unreachable':
      return dependencyDown('database', DATABASE_RETRY_AFTER_S, 'Service temporarily unavailable');
    case null:
      return undefined;
  }
}
