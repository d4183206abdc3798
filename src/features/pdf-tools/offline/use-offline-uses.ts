import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { Limit } from '@contracts/quota';
import { userInfoAtom } from '../../../lib/session';
import { rememberBalance } from './balance-cache';
import { syncOfflineUses } from './offline-sync';
import { listUses, onUsesChanged } from './use-queue';

/** The same key the converter's page uses (src/features/convert/api.ts), so the answers are shared. */
const limitKey = (convertType: string) => `/config/limit?convertType=${encodeURIComponent(convertType)}`;

/**
 * On a browser tool's page: remembers the conversions left for `convertType` each time the
 * server tells them (the offline allowance), records waiting offline uses when online, and
 * answers how many are still waiting.
 */
export function useOfflineUses(convertType: string): number {
  const user = useAtomValue(userInfoAtom);
  const userId = user?.userId;
  const { data } = useSWR<Limit>(userId ? limitKey(convertType) : null);
  const [waiting, setWaiting] = useState(0);

  useEffect(() => {
    if (userId && data) rememberBalance(userId, convertType, data.availCount);
  }, [userId, convertType, data]);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    const count = () => void listUses(userId).then((uses) => live && setWaiting(uses.length), () => undefined);
    const stop = onUsesChanged(count);
    count();
    void syncOfflineUses();
    return () => {
      live = false;
      stop();
    };
  }, [userId]);

  return userId ? waiting : 0;
}
