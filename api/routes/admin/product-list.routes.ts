import { createRoute } from '@hono/zod-openapi';
import type { z } from 'zod';
import { convertToolPageSchema, convertToolParamSchema, convertToolQuerySchema, convertToolSchema, convertToolUpdateSchema } from '@contracts/admin/convert-tools.js';
import { writingToolPageSchema, writingToolParamSchema, writingToolQuerySchema, writingToolSchema, writingToolUpdateSchema } from '@contracts/admin/writing-tools.js';
import { ErrorCode } from '@contracts/error-codes.js';
import type { FieldErrors } from '@contracts/envelope.js';
import { AppError } from '../../http/app-error.js';
import { managerActor } from '../../http/manager-only.js';
import { jsonBody, okResponse, type Router } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import type { ConvertToolService } from '../../services/convert-tools.service.js';
import type { WritingToolService } from '../../services/writing-tools.service.js';

const tags = ['Admin'];


/**
 * 40001 with a message key per field, like the app's default hook, but keeping this area's own
 * keys (`adminProducts.validation.*`) so the page can say exactly what is wrong.
 */
export function areaValidationHook(result: { success: true } | { success: false; error: z.ZodError }): undefined {
  if (result.success) return undefined;
  const data: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    data[field] ??= /^(validation|adminProducts)\./.test(issue.message) ? issue.message : 'validation.invalid';
  }
  throw new AppError(ErrorCode.VALIDATION_FAILED, 'Validation failed', data);
}

/** GET/PATCH /admin/convert-tools: every conversion card's switch, engine preference and size cap. */
export function registerAdminConvertToolRoutes(app: Router, tools: ConvertToolService): void {
  app.openapi(
    createRoute({ method: 'get', path: '/admin/convert-tools', tags, request: { query: convertToolQuerySchema }, responses: okResponse(convertToolPageSchema, 'Every conversion card with its settings') }),
    async (c) => ok(c, await tools.list(c.req.valid('query'))),
    areaValidationHook,
  );
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/admin/convert-tools/{convertType}',
      tags,
      description: 'Switches a card on or off, sets its engine preference (`browser` only where the engine table allows it, 40001 otherwise) or its size cap in bytes (null: the package\'s only). Audited as `convert-tool.update`; the site shows it at once.',
      request: { params: convertToolParamSchema, ...jsonBody(convertToolUpdateSchema) },
      responses: okResponse(convertToolSchema, 'The card after the change'),
    }),
    async (c) => ok(c, await tools.update(managerActor(c), c.req.valid('param').convertType, c.req.valid('json'))),
    areaValidationHook,
  );
}

/** GET/PATCH /admin/writing-tools: the AI tools' switch, cost per use and configuration. */
export function registerAdminWritingToolRoutes(app: Router, tools: WritingToolService): void {
  app.openapi(
    createRoute({ method: 'get', path: '/admin/writing-tools', tags, request: { query: writingToolQuerySchema }, responses: okResponse(writingToolPageSchema, 'The writing (AI) tools with their settings') }),
    async (c) => ok(c, await tools.list(c.req.valid('query'))),
    areaValidationHook,
  );
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/admin/writing-tools/{toolId}',
      tags,
      description: 'Changes a tool\'s switch, its cost per use (integer ≥ 1, TYPE_API units) or its configuration (a JSON object of at most 8 KB). Audited as `writing-tool.update`.',
      request: { params: writingToolParamSchema, ...jsonBody(writingToolUpdateSchema) },
      responses: okResponse(writingToolSchema, 'The tool after the change'),
    }),
    async (c) => ok(c, await tools.update(managerActor(c), c.req.valid('param').toolId, c.req.valid('json'))),
    areaValidationHook,
  );
}
