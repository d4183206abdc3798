/** Feedback conversations and their messages. */

/** A feedback conversation, opened by a user's first message. */
export interface FeedbackConversationsTable {
  /** The conversationId of the API. */
  id: string;
  user_id: string;
  subject: string;
  category: string;
  /** The latest e-mail address the user gave for it. */
  email: string;
  /**
   * 'open' while the user wrote last, 'replied' once staff answered the latest message, 'closed'
   * when staff closed it (any new message, the user's or staff's, opens it again).
   */
  status: 'open' | 'replied' | 'closed';
  created_at: number;
  /** Time of the latest message. */
  updated_at: number;
  /** Time of the latest staff reply; null before the first. */
  last_reply_at: number | null;
  /** Replies up to this time are seen by the user (set when their feedback history shows them); null: none seen. */
  user_seen_at: number | null;
}

/** One message of a conversation: the user's ('feedback') or staff's ('reply'). */
export interface FeedbackMessagesTable {
  id: string;
  conversation_id: string;
  type: 'feedback' | 'reply';
  /** users.id of the writer; no foreign key (a reply outlives its staff account). */
  author_id: string | null;
  /** The name shown for the writer: the user id for feedback, the staff display name for replies. */
  author_name: string;
  content: string;
  created_at: number;
}
