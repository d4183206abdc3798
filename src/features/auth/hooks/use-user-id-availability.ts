import { useCallback, useRef, useState } from 'react';
import { USER_ID_PATTERN } from '@contracts/user';
import { checkAccount } from '../api';

/** Checks on blur whether a well-formed user id is still free; silent when the check fails. */
export function useUserIdAvailability() {
  const [taken, setTaken] = useState(false);
  const latest = useRef('');
  const check = useCallback((raw: string) => {
    const userId = raw.trim();
    latest.current = userId;
    setTaken(false);
    if (!USER_ID_PATTERN.test(userId)) return;
    checkAccount(userId)
      .then((result) => {
        if (latest.current === userId) setTaken(!result.available);
      })
      .catch(() => undefined);
  }, []);
  return { taken, check };
}
