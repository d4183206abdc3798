import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@contracts/error-codes.js';
import { FEEDBACK_CATEGORIES, type Conversation, type FeedbackCategory, type FeedbackRequest } from '@contracts/feedback.js';
import { transaction, type Db } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import {
  findConversation,
  findUserConversation,
  insertConversation,
  insertMessage,
  listUserConversations,
  messagesOf,
  touchConversation,
  type ConversationRow,
  type MessageRow,
} from '../repositories/feedback.repository.js';

/** A user's history shows this many conversations at most (latest activity first). */
export const CONVERSATION_LIST_LIMIT = 200;

/** Who writes: the session's user (never a body field). */
export interface FeedbackAuthor {
  /** users.id */
  id: string;
  /** The public user id (or, for staff, the name shown with the reply). */
  name: string;
}

const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'No such conversation');

const iso = (ms: number) => new Date(ms).toISOString();

function toConversation(row: ConversationRow, messages: MessageRow[]): Conversation {
  return {
    conversationId: row.id,
    subject: row.subject,
    category: (FEEDBACK_CATEGORIES as readonly string[]).includes(row.category) ? (row.category as FeedbackCategory) : 'OTHERS',
    email: row.email,
    status: row.status,
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
    messages: messages.map((m) => ({ messageId: m.id, type: m.type, author: m.author_name, content: m.content, createTime: iso(m.created_at) })),
  };
}

/**
 * Feedback conversations: a user opens one with a subject, category, e-mail and content, adds
 * follow-ups to their own, and staff add replies (the admin area calls `reply`). Messages of one
 * conversation get strictly increasing times, so their order never depends on clock ties.
 */
export function createFeedbackService(db: Db, now: () => number = Date.now) {
  async function load(row: ConversationRow): Promise<Conversation> {
    return toConversation(row, await messagesOf(db, [row.id]));
  }

  /** Adds one message to an existing conversation and records who spoke last. */
  async function append(conversation: ConversationRow, type: 'feedback' | 'reply', author: FeedbackAuthor, content: string, email?: string): Promise<ConversationRow> {
    const at = Math.max(now(), conversation.updated_at + 1);
    return transaction(db, async (tx) => {
      await insertMessage(tx, { id: randomUUID(), conversation_id: conversation.id, type, author_id: author.id, author_name: author.name, content, created_at: at });
      const status = type === 'reply' ? 'replied' : 'open';
      await touchConversation(tx, conversation.id, { status, updatedAt: at, ...(email !== undefined ? { email } : {}) });
      return { ...conversation, status, updated_at: at, ...(email !== undefined ? { email } : {}) };
    });
  }

  return {
    categories: (): FeedbackCategory[] => [...FEEDBACK_CATEGORIES],

    /** A new conversation, or a follow-up into the author's own one (40404 for anyone else's). */
    async send(author: FeedbackAuthor, body: FeedbackRequest): Promise<Conversation> {
      if (body.conversationId !== undefined) {
        const own = await findUserConversation(db, body.conversationId, author.id);
        if (!own) throw notFound();
        return load(await append(own, 'feedback', author, body.content, body.email));
      }
      // The request schema makes these three required without a conversationId.
      if (body.subject === undefined || body.category === undefined || body.email === undefined) throw new AppError(ErrorCode.VALIDATION_FAILED, 'Incomplete feedback');
      const t = now();
      const row: ConversationRow = {
        id: randomUUID(),
        user_id: author.id,
        subject: body.subject,
        category: body.category,
        email: body.email,
        status: 'open',
        created_at: t,
        updated_at: t,
      };
      await transaction(db, async (tx) => {
        await insertConversation(tx, row);
        await insertMessage(tx, { id: randomUUID(), conversation_id: row.id, type: 'feedback', author_id: author.id, author_name: author.name, content: body.content, created_at: t });
      });
      return load(row);
    },

    /** The user's conversations with their messages, latest activity first. */
    async list(userId: string): Promise<Conversation[]> {
      const rows = await listUserConversations(db, userId, CONVERSATION_LIST_LIMIT);
      const byConversation = new Map<string, MessageRow[]>();
      for (const m of await messagesOf(db, rows.map((r) => r.id))) {
        const list = byConversation.get(m.conversation_id);
        if (list) list.push(m);
        else byConversation.set(m.conversation_id, [m]);
      }
      return rows.map((r) => toConversation(r, byConversation.get(r.id) ?? []));
    },

    /** A staff reply (the admin area's permission check comes first); 40404 for an unknown conversation. */
    async reply(conversationId: string, staff: FeedbackAuthor, content: string): Promise<Conversation> {
      const conversation = await findConversation(db, conversationId);
      if (!conversation) throw notFound();
      return load(await append(conversation, 'reply', staff, content));
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
