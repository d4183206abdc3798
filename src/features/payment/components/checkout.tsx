import { Divider, Spinner } from '@fluentui/react-components';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../lib/paths';
import { orderAmount } from '../format';
import { useOrder } from '../hooks/use-order';
import { CancelOrderDialog } from './cancel-order-dialog';
import { OrderCountdown } from './order-countdown';
import { OrderStateNotice } from './order-state-notice';
import { OrderSummary } from './order-summary';
import { PayNow } from './pay-now';
import { usePanelStyles } from './payment-layout';
import { OrderStatus } from '@contracts/statuses';

/** The checkout of one order: summary and countdown while it is payable, otherwise why it is not. */
export function Checkout({ orderId }: { orderId: string }) {
  const styles = usePanelStyles();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { order, isLoading, mutate } = useOrder(orderId);
  const reload = useCallback(() => void mutate(), [mutate]);

  if (isLoading) return <Spinner label={t('payment.checkout.loading')} />;
  // Not the user's order, or no such order (the read is quiet: this says it instead).
  if (!order) return <OrderStateNotice kind="notFound" />;
  if (order.status !== OrderStatus.PAYING) return <OrderStateNotice kind={order.status} orderId={order.orderId} />;
  return (
    <div className={styles.panel}>
      <OrderSummary order={order} />
      <Divider />
      <OrderCountdown expireAt={order.expireAt} onExpired={reload} />
      <PayNow orderId={order.orderId} label={t('payment.checkout.payNow', { amount: orderAmount(order, i18n.language) })} onStale={reload}>
        <CancelOrderDialog orderId={order.orderId} onCancelled={() => void navigate(PATHS.pricing)} />
      </PayNow>
    </div>
  );
}
