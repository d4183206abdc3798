import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { getLogId, setUserInfo } from '../../../lib/session';
import { probeSession } from '../api';

/**
 * The login pages need a login-log id. When none is stored, ask the server (the API client
 * stores the logId of the 40202 answer) instead of sending the visitor home; if the probe finds
 * a live session, go straight to `redirect`.
 */
export function useLoginLogId(redirect: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (getLogId()) return;
    const controller = new AbortController();
    probeSession()
      .then((user) => {
        if (controller.signal.aborted) return;
        setUserInfo(user);
        void navigate(redirect, { replace: true });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [navigate, redirect]);
}
