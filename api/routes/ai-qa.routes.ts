import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import {
  QA_DOCUMENT_MAX_BYTES,
  qaAnalyticsQuerySchema,
  qaAnalyticsSchema,
  qaAnswerSchema,
  qaAskSchema,
  qaBotCreateSchema,
  qaBotListSchema,
  qaBotParamSchema,
  qaBotSchema,
  qaBotUpdateSchema,
  qaHandoffListSchema,
  qaHandoffSchema,
  qaImportResultSchema,
  qaItemParamSchema,
  qaPairListSchema,
  qaPairParamSchema,
  qaPairSchema,
  qaPairWriteSchema,
  qaPublicHandoffReadSchema,
  qaPublicHandoffSchema,
  qaPublicParamSchema,
  qaQuestionLogSchema,
  qaReplySchema,
  qaSuggestionAcceptSchema,
  qaSuggestionListSchema,
  qaSynonymsSchema,
} from '@contracts/ai-qa.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { AppError } from '../http/app-error.js';
import type { AppEnv } from '../http/env.js';
import { handleError } from '../http/error-handler.js';
import { nodeResponse } from '../http/node-http.js';
import { jsonBody, okResponse, type Router } from '../http/openapi.js';
import { networkOf } from '../http/rate-limit.js';
import { ok } from '../http/respond.js';
import type { QaAskService } from '../services/qa-ask.service.js';
import type { QaBotService } from '../services/qa-bot.service.js';
import type { QaInboxService } from '../services/qa-inbox.service.js';
import { requireUser } from './user.routes.js';

const tags = ['AI QA bot'];

/** The import route reads its own (larger) body limit; app.ts exempts it from the 1 MB JSON cap. */
export const QA_DOCUMENT_PATH = /^\/api\/v1\/ai\/qa\/bots\/[^/]+\/documents$/;
/** Paths a visitor's browser calls from any site: no cookie, no XSRF, open CORS without credentials. */
export const QA_PUBLIC_PREFIX = '/api/v1/ai/qa/public/';

const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '600',
};

/**
 * Mounted in app.ts before the session and XSRF middleware: answers preflights itself, adds the
 * CORS headers to every answer (errors and 42901 too, so the widget can read them), and removes
 * any Set-Cookie, so a public answer can never plant a cookie of ours in a visitor's browser.
 */
export const qaPublicCors: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === 'OPTIONS') return c.body(null, 204, CORS);
  try {
    await next();
  } catch (err) {
    c.res = handleError(err instanceof Error ? err : new Error(String(err)), c);
  }
  nodeResponse(c)?.removeHeader('Set-Cookie');
  c.res.headers.delete('Set-Cookie');
  for (const [k, v] of Object.entries(CORS)) c.res.headers.set(k, v);
  c.res.headers.set('Cache-Control', 'no-store');
};

export interface AiQaRouteDeps {
  bots: QaBotService;
  ask: QaAskService;
  inbox: QaInboxService;
}

export function registerAiQaRoutes(app: Router, { bots, ask, inbox }: AiQaRouteDeps): void {
  app.use('/ai/qa/bots', signedIn);
  app.use('/ai/qa/bots/*', signedIn);
  const bot = { params: qaBotParamSchema };

  app.openapi(
    createRoute({ method: 'post', path: '/ai/qa/bots', tags, request: jsonBody(qaBotCreateSchema), responses: okResponse(qaBotSchema, 'A new bot of the caller, with its public key for the widget; threshold defaults to staff\'s defaultThreshold') }),
    async (c) => ok(c, await bots.create(requireUser(c), c.req.valid('json'))),
  );
  app.openapi(createRoute({ method: 'get', path: '/ai/qa/bots', tags, responses: okResponse(qaBotListSchema, 'The caller\'s bots, oldest first') }), async (c) =>
    ok(c, await bots.list(requireUser(c))),
  );
  app.openapi(createRoute({ method: 'get', path: '/ai/qa/bots/{botId}', tags, request: bot, responses: okResponse(qaBotSchema, 'One bot; 40404 when it is not the caller\'s (managers see every bot)') }), async (c) =>
    ok(c, await bots.get(requireUser(c), c.req.valid('param').botId)),
  );
  app.openapi(
    createRoute({ method: 'patch', path: '/ai/qa/bots/{botId}', tags, request: { ...bot, ...jsonBody(qaBotUpdateSchema) }, responses: okResponse(qaBotSchema, 'Renames the bot, sets its threshold (0.05–0.99) or its publicDailyCap (charged public answers a UTC day, 0–1,000,000; null: no cap; 0: every visitor handed off)') }),
    async (c) => ok(c, await bots.update(requireUser(c), c.req.valid('param').botId, c.req.valid('json'))),
  );
  app.openapi(
    createRoute({ method: 'delete', path: '/ai/qa/bots/{botId}', tags, request: bot, responses: okResponse(z.null(), 'Deletes the bot with its pairs, log, suggestions and hand-offs; its widget stops answering (40404)') }),
    async (c) => {
      await bots.remove(requireUser(c), c.req.valid('param').botId);
      ask.forget(c.req.valid('param').botId);
      return ok(c, null);
    },
  );

  app.use(
    '/ai/qa/bots/:botId/documents',
    bodyLimit({
      maxSize: QA_DOCUMENT_MAX_BYTES + 64 * 1024,
      onError: () => {
        throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'QA document too large');
      },
    }),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/ai/qa/bots/{botId}/documents',
      tags,
      request: { ...bot, body: { content: { 'multipart/form-data': { schema: z.object({ file: z.any() }) } }, required: true } },
      responses: okResponse(qaImportResultSchema, 'multipart `file` (CSV, XLSX, DOCX or Markdown, at most 5 MB): replaces the bot\'s pairs in one transaction; any refused row → imported 0 with the errors by line and the old pairs kept; 41501 not such a document, or {reason: zipBomb} for an XLSX/DOCX inflating past its byte budget; 41301 too large; 42901 past the import rate limit; 50301 imports busy'),
    }),
    async (c) => {
      const user = requireUser(c);
      const form: Record<string, unknown> = await c.req.parseBody().catch(() => ({}));
      const file = form.file;
      if (!(file instanceof File)) throw new AppError(ErrorCode.VALIDATION_FAILED, 'A file is required', { fields: { file: 'validation.filesRequired' } });
      if (file.size > QA_DOCUMENT_MAX_BYTES) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'QA document too large');
      return ok(c, await bots.importDocument(user, c.req.valid('param').botId, file.name, new Uint8Array(await file.arrayBuffer())));
    },
  );

  app.openapi(createRoute({ method: 'get', path: '/ai/qa/bots/{botId}/pairs', tags, request: bot, responses: okResponse(qaPairListSchema, 'The bot\'s pairs in document order') }), async (c) =>
    ok(c, await bots.pairs(requireUser(c), c.req.valid('param').botId)),
  );
  app.openapi(
    createRoute({ method: 'post', path: '/ai/qa/bots/{botId}/pairs', tags, request: { ...bot, ...jsonBody(qaPairWriteSchema) }, responses: okResponse(qaPairSchema, 'Adds one pair') }),
    async (c) => ok(c, await bots.addPair(requireUser(c), c.req.valid('param').botId, c.req.valid('json'))),
  );
  app.openapi(
    createRoute({ method: 'put', path: '/ai/qa/bots/{botId}/pairs/{pairId}', tags, request: { params: qaPairParamSchema, ...jsonBody(qaPairWriteSchema) }, responses: okResponse(qaPairSchema, 'Replaces one pair\'s question, alternatives and answer') }),
    async (c) => {
      const { botId, pairId } = c.req.valid('param');
      return ok(c, await bots.editPair(requireUser(c), botId, pairId, c.req.valid('json')));
    },
  );
  app.openapi(createRoute({ method: 'delete', path: '/ai/qa/bots/{botId}/pairs/{pairId}', tags, request: { params: qaPairParamSchema }, responses: okResponse(z.null(), 'Deletes one pair') }), async (c) => {
    const { botId, pairId } = c.req.valid('param');
    await bots.removePair(requireUser(c), botId, pairId);
    return ok(c, null);
  });

  app.openapi(createRoute({ method: 'get', path: '/ai/qa/bots/{botId}/synonyms', tags, request: bot, responses: okResponse(qaSynonymsSchema, 'The synonym table: groups of words or phrases that mean the same') }), async (c) =>
    ok(c, await bots.synonyms(requireUser(c), c.req.valid('param').botId)),
  );
  app.openapi(
    createRoute({ method: 'put', path: '/ai/qa/bots/{botId}/synonyms', tags, request: { ...bot, ...jsonBody(qaSynonymsSchema) }, responses: okResponse(qaSynonymsSchema, 'Replaces the synonym table (each group 2–20 entries, at most 500 groups)') }),
    async (c) => ok(c, await bots.setSynonyms(requireUser(c), c.req.valid('param').botId, c.req.valid('json').groups)),
  );

  app.openapi(
    createRoute({ method: 'post', path: '/ai/qa/bots/{botId}/ask', tags, request: { ...bot, ...jsonBody(qaAskSchema) }, responses: okResponse(qaAnswerSchema, 'The owner\'s test ask: free, never opens a hand-off, not counted in analytics') }),
    async (c) => ok(c, await ask.askAsOwner(await bots.ownBot(requireUser(c), c.req.valid('param').botId), c.req.valid('json').question)),
  );

  app.openapi(createRoute({ method: 'get', path: '/ai/qa/bots/{botId}/questions', tags, request: bot, responses: okResponse(qaQuestionLogSchema, 'The latest 200 questions asked (public and test asks), newest first') }), async (c) =>
    ok(c, await inbox.questions(await bots.ownBot(requireUser(c), c.req.valid('param').botId))),
  );
  app.openapi(
    createRoute({ method: 'get', path: '/ai/qa/bots/{botId}/suggestions', tags, request: bot, responses: okResponse(qaSuggestionListSchema, 'Unanswered public questions (grey zone and hand-offs), deduplicated by normalised text, most asked first') }),
    async (c) => ok(c, await inbox.suggestions(await bots.ownBot(requireUser(c), c.req.valid('param').botId))),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/ai/qa/bots/{botId}/suggestions/{id}/accept',
      tags,
      request: { params: qaItemParamSchema, ...jsonBody(qaSuggestionAcceptSchema) },
      responses: okResponse(z.null(), '{answer}: a new pair with this question; {pairId}: the question becomes another phrasing of that pair'),
    }),
    async (c) => {
      const { botId, id } = c.req.valid('param');
      await inbox.accept(await bots.ownBot(requireUser(c), botId), id, c.req.valid('json'));
      return ok(c, null);
    },
  );
  app.openapi(createRoute({ method: 'post', path: '/ai/qa/bots/{botId}/suggestions/{id}/dismiss', tags, request: { params: qaItemParamSchema }, responses: okResponse(z.null(), 'Dismissed (asked again, it comes back)') }), async (c) => {
    const { botId, id } = c.req.valid('param');
    await inbox.dismiss(await bots.ownBot(requireUser(c), botId), id);
    return ok(c, null);
  });

  app.openapi(
    createRoute({ method: 'get', path: '/ai/qa/bots/{botId}/analytics', tags, request: { ...bot, query: qaAnalyticsQuerySchema }, responses: okResponse(qaAnalyticsSchema, 'Public questions of the last 7, 30 or 90 days (UTC days): answered, suggested, handed off and the measured deflection rate answered/questions') }),
    async (c) => ok(c, await inbox.analytics(await bots.ownBot(requireUser(c), c.req.valid('param').botId), Number(c.req.valid('query').days))),
  );

  app.openapi(createRoute({ method: 'get', path: '/ai/qa/bots/{botId}/handoffs', tags, request: bot, responses: okResponse(qaHandoffListSchema, 'Hand-off conversations, latest activity first, with their messages') }), async (c) =>
    ok(c, await inbox.handoffs(await bots.ownBot(requireUser(c), c.req.valid('param').botId))),
  );
  app.openapi(
    createRoute({ method: 'post', path: '/ai/qa/bots/{botId}/handoffs/{id}/reply', tags, request: { params: qaItemParamSchema, ...jsonBody(qaReplySchema) }, responses: okResponse(qaHandoffSchema, 'The owner\'s reply; the visitor\'s widget shows it at its next poll') }),
    async (c) => {
      const { botId, id } = c.req.valid('param');
      return ok(c, await inbox.reply(await bots.ownBot(requireUser(c), botId), id, c.req.valid('json').body));
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/ai/qa/public/{publicKey}/ask',
      tags,
      request: { params: qaPublicParamSchema, ...jsonBody(qaAskSchema) },
      responses: okResponse(
        qaAnswerSchema,
        'A visitor\'s question (no cookie, no XSRF, CORS open without credentials; 42901 per address, per IPv4 /24 or IPv6 /64 and per bot). An answer spends one TYPE_API use of the owner, at most the bot\'s publicDailyCap a UTC day; past the cap, without quota or with the tool off the visitor is handed off instead. The same question (normalised) from the same network within 10 minutes gets the same answer again, free. A hand-off carries {conversationId, token} to read the owner\'s reply',
      ),
    }),
    async (c) => ok(c, await ask.askPublic(c.req.valid('param').publicKey, c.req.valid('json'), networkOf(c.get('ip')))),
  );
  app.openapi(
    createRoute({
      method: 'post',
      path: '/ai/qa/public/{publicKey}/handoff',
      tags,
      request: { params: qaPublicParamSchema, ...jsonBody(qaPublicHandoffReadSchema) },
      responses: okResponse(qaPublicHandoffSchema, 'The visitor reads their hand-off (a POST so no cookie is issued); 40404 unless bot, conversation and token all match'),
    }),
    async (c) => {
      const { conversationId, token } = c.req.valid('json');
      return ok(c, await inbox.publicHandoff(c.req.valid('param').publicKey, conversationId, token));
    },
  );
}
