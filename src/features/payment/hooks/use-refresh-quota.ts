import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { LIMIT_KEY, QUOTA_KEY } from '../api';

/** Once an order is paid, re-read everything its quota changes: limits, my products, my orders. */
export function useRefreshQuotaWhen(paid: boolean): void {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!paid) return;
    void mutate(LIMIT_KEY);
    // My products keys carry the language (`/my/quota?lang=`).
    void mutate((key) => typeof key === 'string' && key.startsWith(QUOTA_KEY));
    void mutate((key) => typeof key === 'string' && key.startsWith('/my/order'));
  }, [paid, mutate]);
}
