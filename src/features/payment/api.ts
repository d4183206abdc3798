import { ErrorCode } from '@contracts/error-codes';
import type { Order, PaymentCreated, SandboxCheckout } from '@contracts/orders';
import type { Bundle } from '@contracts/quota';
import { apiGet, apiPost } from '../../lib/api-client';
import { currentLanguage } from '../../lib/i18n';

export type { Bundle, Order, SandboxCheckout };

/**
 * Bundle names in orders, and the provider's checkout, follow `?lang=`. The language toggle reloads
 * every /payment page, so reading it once per call is enough.
 */
const lang = () => ({ lang: currentLanguage() });

/** SWR keys (API paths). */
export const orderKey = (orderId: string) => `/order/${encodeURIComponent(orderId)}?lang=${currentLanguage()}`;
const sandboxPath = (paymentId: string) => `/payment/sandbox/${encodeURIComponent(paymentId)}`;
export const sandboxKey = (paymentId: string) => `${sandboxPath(paymentId)}?lang=${currentLanguage()}`;
export const bundlesKey = (lang: 'en' | 'zh') => `/bundle/list?lang=${lang}`;
/** Keys whose answers change once an order is paid: they are revalidated after success. */
export const LIMIT_KEY = '/config/limit';
export const QUOTA_KEY = '/my/quota';

/** The pages say themselves when an order or payment is missing, so these reads are quiet. */
export const quietFetcher = <T>(path: string) => apiGet<T>(path, { quiet: true });

/**
 * Asks for the provider's checkout. 40902 (order no longer payable) and 50201 (provider failed)
 * are shown on the page, not as toasts.
 */
export const createPayment = (orderId: string) =>
  apiPost<PaymentCreated>('/payment/create', { orderId }, { query: lang(), quiet: [ErrorCode.ORDER_STATE, ErrorCode.PAYMENT_FAILED] });

export const cancelOrder = (orderId: string) => apiPost<Order>('/order/cancel', { orderId }, { query: lang() });

export const paySandbox = (paymentId: string) => apiPost<Order>(`${sandboxPath(paymentId)}/pay`, undefined, { query: lang() });
export const cancelSandbox = (paymentId: string) => apiPost<Order>(`${sandboxPath(paymentId)}/cancel`, undefined, { query: lang() });

/** Site paths of the payment flow. */
export const checkoutPath = (orderId: string) => `/payment?orderId=${encodeURIComponent(orderId)}`;
export const resultPath = (orderId: string) => `/payment/result/${encodeURIComponent(orderId)}`;
