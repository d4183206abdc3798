import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { loginUrl } from '../../../lib/navigation';
import { PATHS } from '../../../lib/paths';
import { userInfoAtom } from '../../../lib/session';
import { createOrder, paymentPath } from '../api';

/**
 * Buying a bundle: signed-out visitors go to log in and come back here; signed-in users get an
 * order and land on its checkout. Failures are toasted by the API client.
 */
export function useBuy() {
  const navigate = useNavigate();
  const user = useAtomValue(userInfoAtom);
  const [pendingId, setPendingId] = useState<string | null>(null);

  const buy = async (bundleId: string) => {
    if (!user) {
      void navigate(loginUrl(PATHS.pricing));
      return;
    }
    setPendingId(bundleId);
    try {
      const order = await createOrder(bundleId);
      void navigate(paymentPath(order.orderId));
    } catch {
      // Already shown as a toast.
    } finally {
      setPendingId(null);
    }
  };

  return { buy, pendingId };
}
