import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { categoryListSchema, conversationListSchema, conversationSchema, feedbackRequestSchema, feedbackSeenRequestSchema, feedbackUnreadSchema } from '@contracts/feedback.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { AppError } from '../http/app-error.js';
import type { AppEnv } from '../http/env.js';
import { jsonBody, okResponse, type Router } from '../http/openapi.js';
import { ok } from '../http/respond.js';
import type { FeedbackService } from '../services/feedback.service.js';
import { requireUser } from './user.routes.js';

const tags = ['Feedback'];

const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};

export function registerFeedbackRoutes(app: Router, feedback: FeedbackService): void {
  // Signed-out callers get 40202 before their body is validated: the form asks them to log in first.
  app.use('/contactus/feedback', signedIn);
  app.use('/contactus/feedback/*', signedIn);

  app.openapi(
    createRoute({ method: 'get', path: '/contactus/category', tags, responses: okResponse(categoryListSchema, 'The feedback categories, in the order the form offers them') }),
    (c) => ok(c, feedback.categories()),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/contactus/feedback',
      tags,
      request: jsonBody(feedbackRequestSchema),
      responses: okResponse(conversationSchema, 'The conversation with the new message; 40404 for a conversationId that is not the caller\'s; 40301 when userId names someone else'),
    }),
    async (c) => {
      const user = requireUser(c);
      const body = c.req.valid('json');
      // The spec's body carries userId; the session decides who writes, and a different name is refused.
      if (body.userId !== undefined && body.userId !== '' && body.userId.toLowerCase() !== user.user_id_lower) {
        throw new AppError(ErrorCode.FORBIDDEN, 'userId does not match the signed-in user');
      }
      return ok(c, await feedback.send({ id: user.id, name: user.user_id }, body));
    },
  );

  app.openapi(
    createRoute({ method: 'get', path: '/contactus/feedback', tags, responses: okResponse(conversationListSchema, 'The caller\'s conversations, latest activity first, each with its messages oldest first') }),
    async (c) => ok(c, await feedback.list(requireUser(c).id)),
  );

  // The header's profile menu asks this for signed-in users only (never on a signed-out visit).
  app.openapi(
    createRoute({ method: 'get', path: '/contactus/feedback/unread', tags, responses: okResponse(feedbackUnreadSchema, 'How many of the caller\'s conversations have a staff reply they have not seen') }),
    async (c) => ok(c, { count: await feedback.unreadCount(requireUser(c).id) }),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/contactus/feedback/seen',
      tags,
      request: jsonBody(feedbackSeenRequestSchema),
      responses: okResponse(feedbackUnreadSchema, 'The feedback history showed these conversations: their replies are seen. Answers the new unread count'),
    }),
    async (c) => ok(c, { count: await feedback.markSeen(requireUser(c).id, c.req.valid('json').conversationIds) }),
  );
}
