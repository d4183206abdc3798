import type { AdminOrder, RefundResult } from '@contracts/admin/orders';
import { ErrorCode } from '@contracts/error-codes';
import { API_BASE } from '../../../lib/api-client';
import { adminSend, queryString } from '../common/admin-api';

/** SWR keys of the billing pages. */
export const ordersKey = (query: string) => `/admin/orders${query}`;
export const membershipsKey = (query: string) => `/admin/orders/memberships${query}`;
export const revenueKey = (query: string) => `/admin/orders/revenue${query}`;
export const orderKey = (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`;

/** The order list's filters as the page holds them (all strings: '' is "any"). */
export interface OrderFilters {
  status: string;
  from: string;
  to: string;
  user: string;
  bundle: string;
  q: string;
  kind: string;
}
export const NO_ORDER_FILTERS: OrderFilters = { status: 'all', from: '', to: '', user: '', bundle: '', q: '', kind: 'all' };

/** Where the browser downloads the CSV export of the orders the filters match (streamed by the server, signed in by cookie). */
export const exportUrl = (f: OrderFilters) => `${API_BASE}/admin/orders/export.csv${queryString({ ...f })}`;

/** A refund; 40902 (not paid any more, or already being refunded) is explained in the dialog rather than toasted. */
export const refundOrder = (orderId: string, reason: string) =>
  adminSend<RefundResult>('POST', `${orderKey(orderId)}/refund`, { reason }, [ErrorCode.VALIDATION_FAILED, ErrorCode.ORDER_STATE]);

export const orderBundleName = (o: Pick<AdminOrder, 'bundleName' | 'bundleNameZh'>, language: string) => (language === 'zh' ? o.bundleNameZh : o.bundleName);

const locale = (language: string) => (language === 'zh' ? 'zh-CN' : 'en-GB');
export const formatTime = (iso: string, language: string) => new Date(iso).toLocaleString(locale(language), { dateStyle: 'medium', timeStyle: 'short' });
export const formatDay = (iso: string, language: string) => new Date(iso).toLocaleDateString(locale(language), { dateStyle: 'medium' });
