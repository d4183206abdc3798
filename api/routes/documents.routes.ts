import { Readable } from 'node:stream';
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { featureSchema } from '@contracts/convert-catalogue.js';
import {
  completeRequestSchema,
  convertAnswerSchema,
  convertRequestSchema,
  historyPageQuerySchema,
  historyPageSchema,
  historySchema,
  submitAnswerSchema,
} from '@contracts/documents.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { jsonBody, okResponse, type Router } from '../http/openapi.js';
import { ok, okShared } from '../http/respond.js';
import type { ConversionService } from '../services/conversion.service.js';
import { contentDisposition, type DownloadService } from '../services/download.service.js';
import type { UploadService } from '../services/upload.service.js';
import { requireUser } from './user.routes.js';

const tags = ['Documents'];
const idParam = z.object({ documentId: z.string().min(1).max(64) });

export interface DocumentRouteDeps {
  conversions: ConversionService;
  uploads: UploadService;
  downloads: DownloadService;
  queue: JobQueue;
}

export function registerDocumentRoutes(app: Router, { conversions, uploads, downloads, queue }: DocumentRouteDeps): void {
  // Multipart is streamed to the file store by the service, so this route bypasses the JSON validator and
  // is published to the OpenAPI document by hand.
  app.post('/document/submit', async (c) => {
    const user = requireUser(c);
    return ok(c, await uploads.receive(user.id, { headers: c.req.raw.headers, body: c.req.raw.body }));
  });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/document/submit',
    tags,
    description:
      'Multipart upload: the field `convertType` (a card key, or a server PDF tool\'s such as `pdf-compress`) first, then for a PDF tool its `options` (JSON, checked with the tool\'s schema), then one or more `files`. Nothing is charged until POST /document/convert.',
    request: {
      body: { content: { 'multipart/form-data': { schema: z.object({ convertType: z.string(), options: z.string().optional(), files: z.array(z.string().meta({ format: 'binary' })) }) } } },
    },
    responses: okResponse(submitAnswerSchema, 'The stored upload'),
  });

  app.get('/document/:documentId/file/:fileId', async (c) => {
    const user = requireUser(c);
    const file = await downloads.open(user.id, c.req.param('documentId'), c.req.param('fileId'));
    c.header('Content-Type', file.mime);
    c.header('Content-Length', String(file.size));
    c.header('Content-Disposition', contentDisposition(file.name));
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'private, no-store');
    return c.body(Readable.toWeb(file.stream) as ReadableStream);
  });
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/document/{documentId}/file/{fileId}',
    tags,
    request: { params: z.object({ documentId: z.string(), fileId: z.string() }) },
    responses: { 200: { description: 'The result file, as an attachment (owner only; 40404 otherwise, 41001 after three hours)' } },
  });

  app.openapi(
    createRoute({ method: 'get', path: '/document/convert/feature', tags, responses: okResponse(z.array(featureSchema), 'Conversions on offer, per source type') }),
    async (c) => okShared(c, await conversions.features()),
  );

  app.openapi(
    createRoute({ method: 'post', path: '/document/convert', tags, request: jsonBody(convertRequestSchema), responses: okResponse(convertAnswerSchema, 'The conversion was accepted and its quota spent') }),
    async (c) => {
      const user = requireUser(c);
      const body = c.req.valid('json');
      // The job's log lines carry this request's id, wherever it runs.
      if ('documentId' in body) return ok(c, await conversions.startServerConversion(user.id, body.documentId, queue, { reqId: c.get('requestId') }));
      return ok(c, await conversions.startBrowserConversion(user.id, body.convertType, body.files));
    },
  );

  app.openapi(
    createRoute({ method: 'post', path: '/document/{documentId}/complete', tags, request: { params: idParam, ...jsonBody(completeRequestSchema) }, responses: okResponse(historySchema, 'The record after a browser conversion ended') }),
    async (c) => {
      const user = requireUser(c);
      return ok(c, await conversions.complete(user.id, c.req.valid('param').documentId, c.req.valid('json'), c.get('log')));
    },
  );

  app.openapi(
    createRoute({ method: 'get', path: '/document/{documentId}', tags, request: { params: idParam }, responses: okResponse(historySchema, 'One conversion record (owner only)') }),
    async (c) => ok(c, await conversions.get(requireUser(c).id, c.req.valid('param').documentId)),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/my/history', tags, request: { query: historyPageQuerySchema }, responses: okResponse(historyPageSchema, 'The user\'s conversions, newest first') }),
    async (c) => {
      const { page, pageSize } = c.req.valid('query');
      return ok(c, await conversions.page(requireUser(c).id, page, pageSize));
    },
  );
}
