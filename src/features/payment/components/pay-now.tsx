import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Spinner } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@contracts/error-codes';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { createPayment } from '../api';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px' },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '12px 16px' },
});

type PayState = { kind: 'idle' } | { kind: 'redirecting' } | { kind: 'failed'; message: string };

interface PayNowProps {
  orderId: string;
  label: string;
  /** The order stopped being payable meanwhile (40902): the page re-reads it and says why. */
  onStale: () => void;
  /** Secondary actions shown next to the button (Cancel order). */
  children?: ReactNode;
}

/** "Pay now": asks the API for a checkout and leaves for it; a provider failure offers a retry. */
export function PayNow({ orderId, label, onStale, children }: PayNowProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [state, setState] = useState<PayState>({ kind: 'idle' });
  // Coming back from the provider with the browser's Back button restores this page as it was left.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setState({ kind: 'idle' });
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);
  const pay = async () => {
    setState({ kind: 'redirecting' });
    try {
      const { payUrl } = await createPayment(orderId);
      window.location.assign(payUrl);
    } catch (error) {
      if (isApiError(error, ErrorCode.ORDER_STATE)) {
        setState({ kind: 'idle' });
        onStale();
      } else if (isApiError(error, ErrorCode.PAYMENT_FAILED)) {
        setState({ kind: 'failed', message: errorMessage(error) });
      } else {
        // Toasted by the API client (network, timeout…); the button is usable again.
        setState({ kind: 'idle' });
      }
    }
  };
  return (
    <div className={styles.root}>
      <div className={styles.actions}>
        <Button appearance="primary" size="large" icon={<LockClosedRegular />} disabled={state.kind === 'redirecting'} onClick={() => void pay()}>
          {label}
        </Button>
        {children}
      </div>
      <div aria-live="polite">
        {state.kind === 'redirecting' && <Spinner size="small" labelPosition="after" label={t('payment.checkout.redirecting')} />}
        {state.kind === 'failed' && (
          <MessageBar intent="error" layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>{t('payment.checkout.failedTitle')}</MessageBarTitle>
              {state.message}
            </MessageBarBody>
            <MessageBarActions>
              <Button onClick={() => void pay()}>{t('payment.actions.retry')}</Button>
            </MessageBarActions>
          </MessageBar>
        )}
      </div>
    </div>
  );
}
