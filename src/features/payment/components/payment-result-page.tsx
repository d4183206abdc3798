import { Button, makeStyles, mergeClasses, Spinner, Text } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { ArrowClockwiseRegular, ArrowUndoRegular, CheckmarkCircleFilled, DismissCircleRegular, HourglassHalfRegular, TimerOffRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LinkButton } from '../../../lib/components/router-link';
import { PATHS } from '../../../lib/paths';
import { checkoutPath, type Order } from '../api';
import { membershipMonths } from '../../../lib/bundle-text';
import { useBundle } from '../hooks/use-bundle';
import { useOrderPoll } from '../hooks/use-order-poll';
import { useRefreshQuotaWhen } from '../hooks/use-refresh-quota';
import { OrderStateNotice } from './order-state-notice';
import { OrderSummary } from './order-summary';
import { PaymentLayout, usePanelStyles } from './payment-layout';
import { OrderStatus } from '@contracts/statuses';

const useStyles = makeStyles({
  status: { display: 'flex', alignItems: 'center', gap: '12px' },
  icon: { fontSize: '40px', flexShrink: 0 },
  ok: { color: tokens.colorPaletteGreenForeground1 },
  wait: { color: tokens.colorPaletteDarkOrangeForeground1 },
  off: { color: tokens.colorNeutralForeground3 },
  text: { display: 'flex', flexDirection: 'column', gap: '4px' },
  heading: { margin: 0 },
  body: { color: tokens.colorNeutralForeground2 },
});

type Outcome = 'checking' | 'inProgress' | 'paid' | 'cancelled' | 'expired' | 'refunded';

function outcomeOf(order: Order | undefined, polling: boolean): Outcome {
  if (!order) return 'checking';
  if (order.status === OrderStatus.PAYING) return polling ? 'checking' : 'inProgress';
  return order.status;
}

/** /payment/result/{orderId}: polls the order until the payment is confirmed, then says what was granted. */
export function PaymentResultPage() {
  const styles = useStyles();
  const panel = usePanelStyles();
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  const { order, error, isLoading, polling, restart } = useOrderPoll(orderId);
  const outcome = outcomeOf(order, polling);
  useRefreshQuotaWhen(outcome === 'paid');
  const bundle = useBundle(order?.bundleId);
  // A paid membership says it is active and renews (the summary below repeats the renewal terms).
  const textKey = outcome === 'paid' && bundle && membershipMonths(bundle) ? 'paidMembership' : outcome;

  const icons: Record<Outcome, ReactElement> = {
    checking: <Spinner size="large" />,
    inProgress: <HourglassHalfRegular className={mergeClasses(styles.icon, styles.wait)} />,
    paid: <CheckmarkCircleFilled className={mergeClasses(styles.icon, styles.ok)} />,
    cancelled: <DismissCircleRegular className={mergeClasses(styles.icon, styles.off)} />,
    expired: <TimerOffRegular className={mergeClasses(styles.icon, styles.off)} />,
    refunded: <ArrowUndoRegular className={mergeClasses(styles.icon, styles.off)} />,
  };

  if (!isLoading && !order && error !== undefined) {
    return (
      <PaymentLayout title={t('payment.result.title')}>
        <OrderStateNotice kind="notFound" />
      </PaymentLayout>
    );
  }

  return (
    <PaymentLayout title={t('payment.result.title')}>
      <div className={panel.panel}>
        <div className={styles.status} role="status" aria-live="polite" data-testid="payment-result" data-outcome={outcome}>
          <span aria-hidden>{icons[outcome]}</span>
          <div className={styles.text}>
            <Text as="h2" size={600} weight="semibold" className={styles.heading}>
              {t(`payment.result.${textKey}.title`, { name: order?.bundleName ?? '' })}
            </Text>
            <Text className={styles.body}>{t(`payment.result.${textKey}.body`)}</Text>
          </div>
        </div>
        {order && <OrderSummary order={order} headingLevel="h3" />}
        <div className={panel.actions}>
          {outcome === 'paid' && (
            <>
              <LinkButton to={PATHS.convertIntro} appearance="primary">
                {t('payment.actions.startConverting')}
              </LinkButton>
              <LinkButton to={PATHS.home}>{t('payment.actions.goHome')}</LinkButton>
              <LinkButton to={PATHS.pricing} appearance="subtle">
                {t('payment.actions.buyAgain')}
              </LinkButton>
            </>
          )}
          {outcome === 'inProgress' && (
            <>
              <Button appearance="primary" icon={<ArrowClockwiseRegular />} onClick={restart}>
                {t('payment.actions.refresh')}
              </Button>
              <LinkButton to={checkoutPath(orderId)}>{t('payment.actions.backToOrder')}</LinkButton>
            </>
          )}
          {(outcome === 'cancelled' || outcome === 'expired' || outcome === 'refunded') && (
            <>
              <LinkButton to={PATHS.pricing} appearance="primary">
                {t('payment.actions.buyAgain')}
              </LinkButton>
              <LinkButton to={PATHS.home}>{t('payment.actions.goHome')}</LinkButton>
            </>
          )}
        </div>
      </div>
    </PaymentLayout>
  );
}
