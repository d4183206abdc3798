import { createRoute } from '@hono/zod-openapi';
import {
  adminConversationSchema,
  adminFeedbackPageSchema,
  adminFeedbackQuerySchema,
  adminReplyRequestSchema,
  conversationIdParamSchema,
} from '@contracts/admin/feedback.js';
import { requireManager } from '../../http/manager-only.js';
import { jsonBody, okResponse, type Router } from '../../http/openapi.js';
import { ok } from '../../http/respond.js';
import type { AdminFeedbackService } from '../../services/admin-feedback.service.js';

const tags = ['Admin'];
const request = { params: conversationIdParamSchema };

/** User feedback for staff: the list, one conversation, and reply, close and reopen (each audited). */
export function registerAdminFeedbackRoutes(app: Router, feedback: AdminFeedbackService): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/feedback',
      tags,
      request: { query: adminFeedbackQuerySchema },
      responses: okResponse(adminFeedbackPageSchema, 'Conversations filtered by category and status, searched by subject or user id, newest activity first, paged'),
    }),
    async (c) => ok(c, await feedback.list(c.req.valid('query'))),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/admin/feedback/{conversationId}', tags, request, responses: okResponse(adminConversationSchema, 'The conversation with every message and its writer; 40404 unknown') }),
    async (c) => ok(c, await feedback.detail(c.req.valid('param').conversationId)),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/admin/feedback/{conversationId}/reply',
      tags,
      request: { ...request, ...jsonBody(adminReplyRequestSchema) },
      responses: okResponse(adminConversationSchema, 'Replied (status replied, also when it was closed); 40001 empty or over 2000 characters; 40404 unknown'),
    }),
    async (c) => ok(c, await feedback.reply(c.req.valid('param').conversationId, requireManager(c), c.req.valid('json').content)),
  );

  app.openapi(
    createRoute({ method: 'post', path: '/admin/feedback/{conversationId}/close', tags, request, responses: okResponse(adminConversationSchema, 'Closed (already closed: unchanged); 40404 unknown') }),
    async (c) => ok(c, await feedback.close(c.req.valid('param').conversationId, requireManager(c))),
  );

  app.openapi(
    createRoute({ method: 'post', path: '/admin/feedback/{conversationId}/reopen', tags, request, responses: okResponse(adminConversationSchema, 'Open or replied again, by who spoke last (not closed: unchanged); 40404 unknown') }),
    async (c) => ok(c, await feedback.reopen(c.req.valid('param').conversationId, requireManager(c))),
  );
}
