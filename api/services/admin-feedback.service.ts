import type { AdminConversation, AdminConversationSummary, AdminFeedbackPage, AdminFeedbackQuery } from '@contracts/admin/feedback.js';
import type { Db } from '../db/index.js';
import { findConversationWithWriter, listAdminConversations, messagesOf } from '../repositories/feedback.repository.js';
import type { AuditActor } from './audit.service.js';
import type { SessionUser } from './session.service.js';
import { categoryOf, conversationNotFound, toConversation, type FeedbackService } from './feedback.service.js';

/** The list shows this many characters of a conversation's latest message. */
const EXCERPT_LENGTH = 120;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Feedback as staff see it: the filtered, paged list and one conversation with its writer. The
 * changes (reply, close, reopen) are the feedback service's own, audited there; this adds who
 * does them.
 */
export function createAdminFeedbackService(db: Db, feedback: FeedbackService) {
  async function detail(conversationId: string): Promise<AdminConversation> {
    const row = await findConversationWithWriter(db, conversationId);
    if (!row) throw conversationNotFound();
    const { writer_user_id, writer_name, writer_email, writer_disabled_at, ...conversation } = row;
    return {
      ...toConversation(conversation, await messagesOf(db, [conversationId])),
      user: { id: conversation.user_id, userId: writer_user_id, name: writer_name, email: writer_email, disabled: writer_disabled_at !== null },
    };
  }

  return {
    async list(q: AdminFeedbackQuery): Promise<AdminFeedbackPage> {
      const { rows, total } = await listAdminConversations(
        db,
        { category: q.category, status: q.status, q: q.q ? q.q.toLowerCase() : undefined },
        { offset: (q.page - 1) * q.pageSize, limit: q.pageSize },
      );
      const list = rows.map(
        (r): AdminConversationSummary => ({
          conversationId: r.id,
          subject: r.subject,
          category: categoryOf(r.category),
          status: r.status,
          userId: r.writer_user_id,
          email: r.email,
          messageCount: Number(r.message_count ?? 0),
          lastMessage: r.last_type ? { type: r.last_type, excerpt: (r.last_content ?? '').slice(0, EXCERPT_LENGTH) } : null,
          createTime: iso(r.created_at),
          updateTime: iso(r.updated_at),
        }),
      );
      return { list, total };
    },

    detail,

    /** The manager's reply: shown to the user under the manager's display name, audited under their user id. */
    async reply(conversationId: string, manager: SessionUser, content: string): Promise<AdminConversation> {
      await feedback.reply(conversationId, { id: manager.id, name: manager.name || manager.user_id }, content, actorOf(manager));
      return detail(conversationId);
    },

    async close(conversationId: string, manager: SessionUser): Promise<AdminConversation> {
      await feedback.close(conversationId, actorOf(manager));
      return detail(conversationId);
    },

    async reopen(conversationId: string, manager: SessionUser): Promise<AdminConversation> {
      await feedback.reopen(conversationId, actorOf(manager));
      return detail(conversationId);
    },
  };
}

/** The audit log's actor for a manager: `{id, name: user_id}` (common rules of the admin area). */
const actorOf = (manager: SessionUser): AuditActor => ({ id: manager.id, name: manager.user_id });

export type AdminFeedbackService = ReturnType<typeof createAdminFeedbackService>;
