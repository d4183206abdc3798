import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@contracts/error-codes.js';
import { FEEDBACK_CATEGORIES, type Conversation, type FeedbackCategory, type FeedbackRequest } from '@contracts/feedback.js';
import { transaction, type Db } from '../db/index.js';
import { AppError } from '../http/app-error.js';
import {
  countUnreadReplies,
  findConversation,
  findUserConversation,
  insertConversation,
  insertMessage,
  listUserConversations,
  markConversationsSeen,
  messagesOf,
  setConversationStatus,
  touchConversation,
  type ConversationRow,
  type MessageRow,
} from '../repositories/feedback.repository.js';
import { recordAudit, type AuditActor } from './audit.service.js';

/** A user's history shows this many conversations at most (latest activity first). */
export const CONVERSATION_LIST_LIMIT = 200;

/** Who writes: the session's user (never a body field). */
export interface FeedbackAuthor {
  /** users.id */
  id: string;
  /** The public user id (or, for staff, the name shown with the reply). */
  name: string;
}

export const conversationNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'No such conversation');

const iso = (ms: number) => new Date(ms).toISOString();

export const categoryOf = (category: string): FeedbackCategory =>
  (FEEDBACK_CATEGORIES as readonly string[]).includes(category) ? (category as FeedbackCategory) : 'OTHERS';

/** A staff reply newer than what the user has seen. */
const hasUnreadReply = (row: ConversationRow) => row.last_reply_at !== null && row.last_reply_at > (row.user_seen_at ?? 0);

export function toConversation(row: ConversationRow, messages: MessageRow[]): Conversation {
  return {
    conversationId: row.id,
    subject: row.subject,
    category: categoryOf(row.category),
    email: row.email,
    status: row.status,
    unread: hasUnreadReply(row),
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
    messages: messages.map((m) => ({ messageId: m.id, type: m.type, author: m.author_name, content: m.content, createTime: iso(m.created_at) })),
  };
}

/** The status a conversation has when nobody closed it: who spoke last (messages have strictly increasing times). */
const speakerStatus = (row: ConversationRow): 'open' | 'replied' => (row.last_reply_at !== null && row.last_reply_at >= row.updated_at ? 'replied' : 'open');

/**
 * Feedback conversations: a user opens one with a subject, category, e-mail and content, adds
 * follow-ups to their own, and staff reply, close and reopen them (the admin area; each of those
 * is audited in its own transaction). Any new message opens a closed conversation again. Messages
 * of one conversation get strictly increasing times, so their order never depends on clock ties.
 */
export function createFeedbackService(db: Db, now: () => number = Date.now) {
  async function load(row: ConversationRow): Promise<Conversation> {
    return toConversation(row, await messagesOf(db, [row.id]));
  }

  /** Adds one message to an existing conversation and records who spoke last; a staff reply is audited with it. */
  async function append(conversation: ConversationRow, type: 'feedback' | 'reply', author: FeedbackAuthor, content: string, opts: { email?: string; actor?: AuditActor } = {}): Promise<ConversationRow> {
    const at = Math.max(now(), conversation.updated_at + 1);
    const { email, actor } = opts;
    return transaction(db, async (tx) => {
      const messageId = randomUUID();
      await insertMessage(tx, { id: messageId, conversation_id: conversation.id, type, author_id: author.id, author_name: author.name, content, created_at: at });
      const status = type === 'reply' ? 'replied' : 'open';
      await touchConversation(tx, conversation.id, { status, updatedAt: at, ...(email !== undefined ? { email } : {}) });
      if (actor) {
        await recordAudit(
          tx,
          actor,
          { action: 'feedback.reply', targetType: 'feedback', targetId: conversation.id, before: { status: conversation.status }, after: { status, messageId, author: author.name, content } },
          at,
        );
      }
      return { ...conversation, status, updated_at: at, ...(type === 'reply' ? { last_reply_at: at } : {}), ...(email !== undefined ? { email } : {}) };
    });
  }

  /** Closes or reopens: changes the status once (a second click changes nothing and writes no entry). */
  async function setStatus(conversationId: string, actor: AuditActor, verb: 'close' | 'reopen'): Promise<Conversation> {
    const row = await findConversation(db, conversationId);
    if (!row) throw conversationNotFound();
    const to = verb === 'close' ? 'closed' : speakerStatus(row);
    const from = verb === 'close' ? (['open', 'replied'] as const) : (['closed'] as const);
    const changed = await transaction(db, async (tx) => {
      if (!(await setConversationStatus(tx, conversationId, to, from))) return false;
      await recordAudit(tx, actor, { action: `feedback.${verb}`, targetType: 'feedback', targetId: conversationId, before: { status: row.status }, after: { status: to } }, now());
      return true;
    });
    return load(changed ? { ...row, status: to } : ((await findConversation(db, conversationId)) ?? row));
  }

  return {
    categories: (): FeedbackCategory[] => [...FEEDBACK_CATEGORIES],

    /** A new conversation, or a follow-up into the author's own one (40404 for anyone else's); a follow-up opens a closed one again. */
    async send(author: FeedbackAuthor, body: FeedbackRequest): Promise<Conversation> {
      if (body.conversationId !== undefined) {
        const own = await findUserConversation(db, body.conversationId, author.id);
        if (!own) throw conversationNotFound();
        return load(await append(own, 'feedback', author, body.content, body.email !== undefined ? { email: body.email } : {}));
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
        last_reply_at: null,
        user_seen_at: null,
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

    /** How many of the user's conversations have a staff reply they have not seen: the profile menu's badge. */
    unreadCount: async (userId: string): Promise<number> => countUnreadReplies(db, userId),

    /**
     * The user's feedback history showed these conversations (ids of anyone else's are ignored):
     * their replies so far are seen. Answers the new unread count.
     */
    async markSeen(userId: string, conversationIds: readonly string[]): Promise<number> {
      await markConversationsSeen(db, userId, [...new Set(conversationIds)], now());
      return countUnreadReplies(db, userId);
    },

    /**
     * A staff reply (the admin area's permission check comes first); 40404 for an unknown
     * conversation. Audited as `feedback.reply` by `actor` (default: the staff author) in the
     * reply's transaction; a closed conversation opens again as replied.
     */
    async reply(conversationId: string, staff: FeedbackAuthor, content: string, actor: AuditActor = staff): Promise<Conversation> {
      const conversation = await findConversation(db, conversationId);
      if (!conversation) throw conversationNotFound();
      return load(await append(conversation, 'reply', staff, content, { actor }));
    },

    /** Staff close a conversation (audited `feedback.close`); closing a closed one changes nothing. */
    close: (conversationId: string, actor: AuditActor) => setStatus(conversationId, actor, 'close'),

    /** Staff reopen a closed conversation (audited `feedback.reopen`): it is 'open' or 'replied' again, by who spoke last. */
    reopen: (conversationId: string, actor: AuditActor) => setStatus(conversationId, actor, 'reopen'),
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
