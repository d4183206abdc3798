import { Button, MessageBar, MessageBarBody, MessageBarTitle, Spinner } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { EmptyState } from '../../../lib/components/empty-state';
import { LinkButton } from '../../../lib/components/router-link';
import { cancelSandbox, checkoutPath, paySandbox, quietFetcher, resultPath, sandboxKey, type SandboxCheckout } from '../api';
import { orderAmount } from '../format';
import { OrderStateNotice } from './order-state-notice';
import { OrderSummary } from './order-summary';
import { PaymentLayout, usePanelStyles } from './payment-layout';
import { OrderStatus, PaymentStatus } from '@contracts/statuses';

/**
 * /payment/sandbox/{paymentId}: the built-in test provider's checkout, standing in for Stripe's
 * page. Nothing is charged; Pay confirms the payment the way a provider's webhook would.
 */
export function SandboxPage() {
  const { t } = useTranslation();
  const { paymentId = '' } = useParams();
  const { data, isLoading } = useSWR<SandboxCheckout>(sandboxKey(paymentId), quietFetcher, { revalidateOnFocus: false });
  return (
    <PaymentLayout title={t('payment.sandbox.title')} lead={t('payment.sandbox.lead')}>
      {isLoading && !data && <Spinner label={t('payment.checkout.loading')} />}
      {!isLoading && !data && <OrderStateNotice kind="notFound" />}
      {data && (data.status === PaymentStatus.OPEN && data.order.status === OrderStatus.PAYING ? <SandboxForm checkout={data} /> : <SandboxClosed checkout={data} />)}
    </PaymentLayout>
  );
}

function SandboxForm({ checkout }: { checkout: SandboxCheckout }) {
  const panel = usePanelStyles();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const { paymentId, order } = checkout;
  const run = async (kind: 'pay' | 'cancel') => {
    setBusy(kind);
    try {
      if (kind === 'pay') {
        await paySandbox(paymentId);
        void navigate(resultPath(order.orderId), { replace: true });
      } else {
        await cancelSandbox(paymentId);
        void navigate(checkoutPath(order.orderId), { replace: true });
      }
    } catch {
      // Toasted by the API client.
      setBusy(null);
    }
  };
  return (
    <div className={panel.panel}>
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{t('payment.sandbox.testTitle')}</MessageBarTitle>
          {t('payment.sandbox.testBody')}
        </MessageBarBody>
      </MessageBar>
      <OrderSummary order={order} />
      <div className={panel.actions}>
        <Button appearance="primary" size="large" disabled={busy !== null} icon={busy === 'pay' ? <Spinner size="tiny" /> : undefined} onClick={() => void run('pay')}>
          {t('payment.sandbox.pay', { amount: orderAmount(order, i18n.language) })}
        </Button>
        <Button appearance="secondary" size="large" disabled={busy !== null} icon={busy === 'cancel' ? <Spinner size="tiny" /> : undefined} onClick={() => void run('cancel')}>
          {t('payment.sandbox.cancel')}
        </Button>
      </div>
    </div>
  );
}

/** The payment was already completed or cancelled (or its order stopped being payable). */
function SandboxClosed({ checkout }: { checkout: SandboxCheckout }) {
  const { t } = useTranslation();
  const { order } = checkout;
  const paid = checkout.status === PaymentStatus.PAID || order.status === OrderStatus.PAID;
  return (
    <div data-testid="sandbox-closed">
      <EmptyState
        title={t(paid ? 'payment.sandbox.closedPaidTitle' : 'payment.sandbox.closedTitle')}
        description={t(paid ? 'payment.sandbox.closedPaidBody' : 'payment.sandbox.closedBody')}
        actions={
          <>
            <LinkButton to={resultPath(order.orderId)} appearance="primary">
              {t('payment.actions.viewResult')}
            </LinkButton>
            {order.status === OrderStatus.PAYING && <LinkButton to={checkoutPath(order.orderId)}>{t('payment.actions.backToOrder')}</LinkButton>}
          </>
        }
      />
    </div>
  );
}
