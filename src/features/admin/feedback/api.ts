import type { AdminConversation } from '@contracts/admin/feedback';
import { adminSend } from '../common/admin-api';

/** SWR key of one conversation (GET /admin/feedback/{id}). */
export const conversationPath = (conversationId: string) => `/admin/feedback/${encodeURIComponent(conversationId)}`;

/** Reply, close and reopen answer the conversation as it is afterwards. */
export const sendReply = (conversationId: string, content: string) => adminSend<AdminConversation>('POST', `${conversationPath(conversationId)}/reply`, { content });
export const closeConversation = (conversationId: string) => adminSend<AdminConversation>('POST', `${conversationPath(conversationId)}/close`, {});
export const reopenConversation = (conversationId: string) => adminSend<AdminConversation>('POST', `${conversationPath(conversationId)}/reopen`, {});

/** A time as the admin lists show it, in the admin area's language. */
export const formatTime = (iso: string, language: string) => new Date(iso).toLocaleString(language === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
