import type { Order } from '@contracts/orders';
import type { Bundle } from '@contracts/quota';
import { apiPost } from '../../lib/api-client';

export type { Bundle, Order };

/** SWR key of the published bundles; names and descriptions come back in `lang` (the server renders /pricing with the same key). */
export { bundleListPath as bundlesKey } from '@contracts/quota-values';

/** Starts (or resumes: the API returns a live paying order for the same bundle) an order. */
export const createOrder = (bundleId: string) => apiPost<Order>('/order/create', { bundleId });

/** Where the checkout of an order lives. */
export const paymentPath = (orderId: string) => `/payment?orderId=${encodeURIComponent(orderId)}`;
