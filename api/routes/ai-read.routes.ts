import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { readExportRequestSchema, readUrlRequestSchema, readUrlResultSchema, translateRequestSchema, translateResultSchema } from '@contracts/ai-read.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody, okResponse, type Router } from '../http/openapi.js';
import { ok } from '../http/respond.js';
import type { ReadExportService } from '../services/read-export.service.js';
import type { ReaderService } from '../services/reader.service.js';
import type { TranslateService } from '../services/translate.service.js';
import { requireUser } from './user.routes.js';

const tags = ['AI reading assistant'];

const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};

export interface AiReadRouteDeps {
  reader: ReaderService;
  translate: TranslateService;
  exports: ReadExportService;
}

export function registerAiReadRoutes(app: Router, { reader, translate, exports }: AiReadRouteDeps): void {
  // Signed-out callers get 40202 before their body is validated or any page is fetched.
  app.use('/ai/read/*', signedIn);
  app.use('/ai/translate', signedIn);

  app.openapi(
    createRoute({
      method: 'post',
      path: '/ai/read/url',
      tags,
      request: jsonBody(readUrlRequestSchema),
      responses: okResponse(
        readUrlResultSchema,
        'The page cleaned by Readability into paragraphs w1, w2, …; 40001 for a URL that is not http(s); 40301 (data.reason) for a loopback, private, link-local or metadata address, directly, by DNS or by redirect; 41301 over 5 MB; 41501 not HTML or text; 50202 unreachable, timed out (10 s) or an error status',
      ),
    }),
    async (c) => ok(c, await reader.readUrl(c.req.valid('json').url)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/ai/translate',
      tags,
      request: jsonBody(translateRequestSchema),
      responses: okResponse(
        translateResultSchema,
        'Every segment by id, translated, or with `failed: true` (retry is free for the same page); 50302 when the model service is not configured or gave nothing (nothing charged); 1001/1004 without quota. One TYPE_API use per page the first time it needs the model',
      ),
    }),
    async (c) => ok(c, await translate.translate(requireUser(c).id, c.req.valid('json'))),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/ai/read/export',
      tags,
      request: jsonBody(readExportRequestSchema),
      responses: {
        200: {
          description: 'A bilingual document (source then translation, paragraph by paragraph) as an attachment: DOCX or PDF',
          content: { 'application/octet-stream': { schema: z.string() } },
        },
      },
    }),
    async (c) => {
      const file = await exports.build(c.req.valid('json'));
      return c.body(new Uint8Array(file.bytes), 200, {
        'Content-Type': file.mime,
        'Content-Disposition': `attachment; filename="${file.asciiName}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        'Cache-Control': 'private, no-store',
      });
    },
  );
}
