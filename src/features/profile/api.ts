import type { Order } from '@contracts/orders';
import type { UpdateUserRequest, UserInfo } from '@contracts/user';
import { ErrorCode } from '@contracts/error-codes';
import type { ShownConversionStatus } from '@contracts/statuses';
import { apiGet, apiPost } from '../../lib/api-client';

export type { Order };

/** My orders' actions: Cancel for a paying order, Delete (hide) for any other. */
export const cancelOrder = (orderId: string) => apiPost<Order>('/order/cancel', { orderId });
export const deleteOrder = (orderId: string) => apiPost<null>('/order/delete', { orderId });

export const updateUser = (body: UpdateUserRequest) =>
  apiPost<UserInfo>('/user/update', body, { quiet: [ErrorCode.VALIDATION_FAILED, ErrorCode.BAD_CREDENTIALS] });

/**
 * Lists shown inside the modal: a failure shows the section's empty state rather than a toast,
 * since those lists are informative and the modal stays usable.
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

export interface HistoryItem {
  documentId: string;
  status: ShownConversionStatus;
  gmtCreate: string;
  expired: boolean;
  output?: { convertType?: string };
}

export interface Conversation {
  conversationId: string;
  subject: string;
  category: string;
  messages: Array<{ type: 'feedback' | 'reply'; content: string; createTime: string }>;
}

export interface Page<T> {
  list: T[];
  total: number;
}
