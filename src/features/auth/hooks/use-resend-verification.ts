import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { resendVerification } from '../api';

/** Asks for a new verification mail; `busy` while the request runs. Failures are shown by the API client (42901, 40202). */
export function useResendVerification() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await resendVerification();
      notify('success', t('auth.register.resent'));
    } catch {
      // Already shown by the API client.
    } finally {
      setBusy(false);
    }
  };
  return { busy, resend };
}
