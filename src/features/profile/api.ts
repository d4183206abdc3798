import type { Order } from '@contracts/orders';
import type { UpdateUserRequest, UserInfo } from '@contracts/user';
import { ErrorCode } from '@contracts/error-codes';
import type { History } from '@contracts/documents';
import type { Conversation } from '@contracts/feedback';
import { apiGet, apiPost } from '../../lib/api-client';
import { FEEDBACK_LIST_PATH } from '../../lib/feedback-form';

export type { Order };

/** My orders' actions: Cancel for a paying order, Delete (hide) for any other. */
export const cancelOrder = (orderId: string) => apiPost<Order>('/order/cancel', { orderId });
export const deleteOrder = (orderId: string) => apiPost<null>('/order/delete', { orderId });

export const updateUser = (body: UpdateUserRequest) =>
  apiPost<UserInfo>('/user/update', body, { quiet: [ErrorCode.VALIDATION_FAILED, ErrorCode.BAD_CREDENTIALS] });

/**
 * Lists shown inside the modal: a failure shows the section's error state (with a retry) rather
 * than a toast, since the modal stays usable around it.
 */
export const quietFetcher = <T>(path: string) => apiGet<T>(path, { quiet: true });

export interface QuotaItem {
  quotaType: 'TYPE_API' | 'TYPE_SIZE' | 'TYPE_BATCH_COUNT';
  quota: number;
  availQuota: number;
  validDate: string;
}

export interface ProductQuota {
  productInfo: { productId: string; imageUrl: string; productName: string };
  quotaInfo: QuotaItem[];
}

/** One usage-history record (GET /my/history): its files, conversion type, status and expiry. */
export type HistoryItem = History;

export type { Conversation };

/** A follow-up into one of the user's own conversations; its failures are shown by the form. */
export const sendFollowUp = (conversationId: string, content: string) =>
  apiPost<Conversation>(FEEDBACK_LIST_PATH, { conversationId, content }, { quiet: true });

export interface Page<T> {
  list: T[];
  total: number;
}
