import type { SWRConfiguration } from 'swr';
import useSWR from 'swr';
import { orderKey, quietFetcher, type Order } from '../api';

/** One of the user's orders; `orderId` undefined fetches nothing. */
export function useOrder(orderId: string | undefined, options?: SWRConfiguration<Order>) {
  const { data, error, isLoading, mutate } = useSWR<Order, unknown>(orderId ? orderKey(orderId) : null, quietFetcher, options);
  return { order: data, error, isLoading: isLoading && !data, mutate };
}
