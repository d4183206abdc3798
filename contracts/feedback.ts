import { z } from 'zod';
import { emailSchema } from './user.js';

/**
 * Feedback (API.md "Feedback"): a user's message opens a conversation; follow-ups and staff
 * replies are further messages of it. Messages are i18n keys under `validation.*`, so the form
 * and the API show the same localised text for the same rule.
 */

/** Spec §3: the categories, served by GET /contactus/category in this order. */
export const FEEDBACK_CATEGORIES = ['ISSUE', 'REQUIREMENT', 'SUGGESTION', 'FUNCTION', 'USAGE', 'PAYMENT', 'OTHERS'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

/** Spec §5 and §9: feedback content is at most 100 characters. */
export const FEEDBACK_CONTENT_MAX = 100;
/** Not in the spec: a subject is a one-line title. */
export const FEEDBACK_SUBJECT_MAX = 100;

/**
 * Where a conversation stands: the user spoke last ('open'), staff answered the latest message
 * ('replied'), or staff closed it ('closed'; any new message, the user's or staff's, opens it again).
 */
export const FEEDBACK_STATUSES = ['open', 'replied', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** A message's author side: the user's own message, or a staff reply. */
export const FEEDBACK_MESSAGE_TYPES = ['feedback', 'reply'] as const;
export type FeedbackMessageType = (typeof FEEDBACK_MESSAGE_TYPES)[number];

export const feedbackSubjectSchema = z
  .string({ error: 'validation.feedbackSubjectRequired' })
  .trim()
  .min(1, { error: 'validation.feedbackSubjectRequired' })
  .max(FEEDBACK_SUBJECT_MAX, { error: 'validation.feedbackSubjectTooLong' });

export const feedbackContentSchema = z
  .string({ error: 'validation.feedbackContentRequired' })
  .trim()
  .min(1, { error: 'validation.feedbackContentRequired' })
  .max(FEEDBACK_CONTENT_MAX, { error: 'validation.feedbackContentTooLong' });

export const feedbackCategorySchema = z.enum(FEEDBACK_CATEGORIES, {
  error: (issue) => (issue.input === undefined || issue.input === '' ? 'validation.feedbackCategoryRequired' : 'validation.feedbackCategoryInvalid'),
});

/** The feedback form (a new conversation): subject, content and category required, e-mail valid. */
export const feedbackFormSchema = z.object({
  subject: feedbackSubjectSchema,
  content: feedbackContentSchema,
  category: feedbackCategorySchema,
  email: emailSchema,
});
export type FeedbackForm = z.infer<typeof feedbackFormSchema>;

/** A follow-up in the profile's history: only the content; the conversation keeps its subject. */
export const feedbackFollowUpSchema = z.object({ content: feedbackContentSchema });

const conversationIdSchema = z.string().trim().min(1).max(64);

/**
 * POST /contactus/feedback. Without `conversationId` it opens a conversation (subject, category
 * and e-mail required); with one it adds a follow-up, where those three are optional and the
 * conversation keeps its own subject and category. `userId` is the spec's field: the session
 * decides who writes, and a body naming anyone else is refused (40301).
 */
export const feedbackRequestSchema = z
  .object({
    subject: feedbackSubjectSchema.optional(),
    content: feedbackContentSchema,
    category: feedbackCategorySchema.optional(),
    email: emailSchema.optional(),
    userId: z.string().trim().max(254).optional(),
    conversationId: conversationIdSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.conversationId !== undefined) return;
    if (v.subject === undefined) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'validation.feedbackSubjectRequired' });
    if (v.category === undefined) ctx.addIssue({ code: 'custom', path: ['category'], message: 'validation.feedbackCategoryRequired' });
    if (v.email === undefined) ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.emailRequired' });
  });
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

export const feedbackMessageSchema = z.object({
  messageId: z.string(),
  type: z.enum(FEEDBACK_MESSAGE_TYPES),
  /** The user's own user id for 'feedback'; the staff member's display name for 'reply'. */
  author: z.string(),
  content: z.string(),
  /** ISO 8601. */
  createTime: z.string(),
});
export type FeedbackMessage = z.infer<typeof feedbackMessageSchema>;

export const conversationSchema = z.object({
  conversationId: z.string(),
  subject: z.string(),
  category: z.enum(FEEDBACK_CATEGORIES),
  /** Where replies may also be sent; the latest one the user gave. */
  email: z.string(),
  /** See FEEDBACK_STATUSES. */
  status: z.enum(FEEDBACK_STATUSES),
  /** True while a staff reply in it is newer than what the user has seen (POST /contactus/feedback/seen). */
  unread: z.boolean(),
  /** ISO 8601: when it was opened, and its latest message. */
  createTime: z.string(),
  updateTime: z.string(),
  /** Oldest first. */
  messages: z.array(feedbackMessageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const categoryListSchema = z.array(z.enum(FEEDBACK_CATEGORIES));

/** POST /contactus/feedback/seen: the conversations the feedback history has shown (the caller's own; others are ignored). */
export const feedbackSeenRequestSchema = z.object({
  conversationIds: z.array(conversationIdSchema).min(1, { error: 'validation.invalid' }).max(200, { error: 'validation.invalid' }),
});
export type FeedbackSeenRequest = z.infer<typeof feedbackSeenRequestSchema>;

/** GET /contactus/feedback/unread (and the answer to /seen): conversations with a staff reply the user has not seen. */
export const feedbackUnreadSchema = z.object({ count: z.number().int() });
export type FeedbackUnread = z.infer<typeof feedbackUnreadSchema>;
export const conversationListSchema = z.array(conversationSchema);
