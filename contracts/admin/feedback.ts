import { z } from 'zod';
import { conversationSchema, FEEDBACK_CATEGORIES, FEEDBACK_MESSAGE_TYPES, FEEDBACK_STATUSES } from '../feedback.js';
import { adminPageOf, adminPageQuerySchema } from './common.js';

/** A staff reply is longer than a user's message (100): up to this many characters. */
export const ADMIN_REPLY_MAX = 2000;

/** An empty query parameter (`?status=`) means "any", as if it were left out. */
const blankAsAny = (v: unknown) => (v === '' ? undefined : v);

/** GET /admin/feedback: filtered on the server by category and status, searched by subject or user id, newest activity first. */
export const adminFeedbackQuerySchema = adminPageQuerySchema.extend({
  category: z.preprocess(blankAsAny, z.enum(FEEDBACK_CATEGORIES, { error: 'validation.invalid' }).optional()),
  status: z.preprocess(blankAsAny, z.enum(FEEDBACK_STATUSES, { error: 'validation.invalid' }).optional()),
  /** Part of the subject (any case), the start of the user's id (any case), or a conversation id. */
  q: z.string().trim().max(100, { error: 'validation.invalid' }).optional(),
});
export type AdminFeedbackQuery = z.infer<typeof adminFeedbackQuerySchema>;

/** One row of the admin list. */
export const adminConversationSummarySchema = z.object({
  conversationId: z.string(),
  subject: z.string(),
  category: z.enum(FEEDBACK_CATEGORIES),
  status: z.enum(FEEDBACK_STATUSES),
  /** The writer's public user id. */
  userId: z.string(),
  email: z.string(),
  messageCount: z.number().int(),
  /** The latest message: who wrote it and its first characters. */
  lastMessage: z.object({ type: z.enum(FEEDBACK_MESSAGE_TYPES), excerpt: z.string() }).nullable(),
  /** ISO 8601: opened, and latest message. */
  createTime: z.string(),
  updateTime: z.string(),
});
export type AdminConversationSummary = z.infer<typeof adminConversationSummarySchema>;

export const adminFeedbackPageSchema = adminPageOf(adminConversationSummarySchema);
export type AdminFeedbackPage = z.infer<typeof adminFeedbackPageSchema>;

/** GET /admin/feedback/{conversationId}: the whole conversation with who wrote it. */
export const adminConversationSchema = conversationSchema.extend({
  user: z.object({ id: z.string(), userId: z.string(), name: z.string(), email: z.string(), disabled: z.boolean() }),
});
export type AdminConversation = z.infer<typeof adminConversationSchema>;

/** POST /admin/feedback/{conversationId}/reply. */
export const adminReplyRequestSchema = z.object({
  content: z
    .string({ error: 'validation.replyRequired' })
    .trim()
    .min(1, { error: 'validation.replyRequired' })
    .max(ADMIN_REPLY_MAX, { error: 'validation.replyTooLong' }),
});
export type AdminReplyRequest = z.infer<typeof adminReplyRequestSchema>;

export const conversationIdParamSchema = z.object({ conversationId: z.string().max(64) });
