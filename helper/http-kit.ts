import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { codeToStatus, ErrorCode } from '@contracts/error-codes.js';
import { HelperError } from './errors.js';

/** Bodies are small JSON objects; anything bigger is not ours. */
const MAX_BODY = 64 * 1024;

export function send(res: ServerResponse, code: ErrorCode, data: unknown, msg = code === ErrorCode.OK ? 'ok' : 'refused', status = codeToStatus(code)): void {
  const body = JSON.stringify({ code, msg, data });
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(body);
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new HelperError(ErrorCode.PAYLOAD_TOO_LARGE, 'body too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HelperError(ErrorCode.VALIDATION_FAILED, 'body is not JSON', { body: 'videoHelper.errors.badJson' });
  }
}

/** Validates a body with its contract schema; 40001 maps each bad field to its message key. */
export function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || 'body';
    fields[key] ??= issue.message.startsWith('videoHelper.') ? issue.message : 'videoHelper.errors.invalid';
  }
  throw new HelperError(ErrorCode.VALIDATION_FAILED, 'validation failed', fields);
}

/** The bearer token of a request, if any. */
export function bearer(req: IncomingMessage): string | null {
  const header = req.headers.authorization ?? '';
  const m = /^Bearer ([\w-]{20,200})$/.exec(header);
  return m?.[1] ?? null;
}
