import { useCallback, useEffect, useState } from 'react';
import { useOrder } from './use-order';
import { OrderStatus } from '@contracts/statuses';

/** Spec: the result page asks every 2 s, for about a minute, before saying the payment is still in progress. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_WINDOW_MS = 60_000;

/**
 * Reads the order until it is no longer `paying` or the window has passed. `restart` asks again
 * at once and opens a new window (the Refresh button).
 */
export function useOrderPoll(orderId: string) {
  const [round, setRound] = useState(0);
  const [waiting, setWaiting] = useState(true);
  useEffect(() => {
    setWaiting(true);
    const timer = window.setTimeout(() => setWaiting(false), POLL_WINDOW_MS);
    return () => window.clearTimeout(timer);
  }, [round]);
  const { order, error, isLoading, mutate } = useOrder(orderId, {
    refreshInterval: (latest) => (waiting && (!latest || latest.status === OrderStatus.PAYING) ? POLL_INTERVAL_MS : 0),
    revalidateOnFocus: false,
  });
  const restart = useCallback(() => {
    setRound((r) => r + 1);
    void mutate();
  }, [mutate]);
  return { order, error, isLoading, polling: waiting, restart };
}
