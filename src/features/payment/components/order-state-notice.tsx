import { ArrowUndoRegular, CheckmarkCircleRegular, DismissCircleRegular, DocumentSearchRegular, ReceiptRegular, TimerOffRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../lib/components/empty-state';
import { LinkButton } from '../../../lib/components/router-link';
import { PATHS } from '../../../lib/paths';
import { resultPath } from '../api';

/** Why the checkout cannot be shown. */
export type CheckoutBlock = 'noOrder' | 'notFound' | 'paid' | 'cancelled' | 'expired' | 'refunded';

const ICONS: Record<CheckoutBlock, ReactElement> = {
  noOrder: <ReceiptRegular />,
  notFound: <DocumentSearchRegular />,
  paid: <CheckmarkCircleRegular />,
  cancelled: <DismissCircleRegular />,
  expired: <TimerOffRegular />,
  refunded: <ArrowUndoRegular />,
};

/** Spec "payment flow messages" for a checkout that is not (or no longer) payable, with where to go next. */
export function OrderStateNotice({ kind, orderId }: { kind: CheckoutBlock; orderId?: string }) {
  const { t } = useTranslation();
  const buyAgain = (
    <LinkButton to={PATHS.pricing} appearance="primary">
      {t(kind === 'noOrder' || kind === 'notFound' ? 'payment.actions.choose' : 'payment.actions.buyAgain')}
    </LinkButton>
  );
  const home = <LinkButton to={PATHS.home}>{t('payment.actions.goHome')}</LinkButton>;
  const actions =
    kind === 'paid' ? (
      <>
        <LinkButton to={PATHS.convertIntro} appearance="primary">
          {t('payment.actions.startConverting')}
        </LinkButton>
        {orderId && <LinkButton to={resultPath(orderId)}>{t('payment.actions.viewResult')}</LinkButton>}
        {home}
      </>
    ) : (
      <>
        {buyAgain}
        {home}
      </>
    );
  return (
    <div data-testid="order-state" data-state={kind}>
      <EmptyState icon={ICONS[kind]} title={t(`payment.blocked.${kind}.title`)} description={t(`payment.blocked.${kind}.body`)} actions={actions} />
    </div>
  );
}
