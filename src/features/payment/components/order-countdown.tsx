import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { ClockRegular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../../../lib/bundle-text';
import { useCountdown } from '../hooks/use-countdown';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: '8px', margin: 0, color: tokens.colorNeutralForeground2 },
  time: { fontVariantNumeric: 'tabular-nums', fontWeight: tokens.fontWeightSemibold, color: tokens.colorPaletteDarkOrangeForeground1 },
});

/** "Pay within hh:mm:ss"; calls `onExpired` once the time is up (the order then turns expired). */
export function OrderCountdown({ expireAt, onExpired }: { expireAt: string; onExpired: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const left = useCountdown(expireAt);
  const expired = left <= 0;
  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);
  return (
    <p className={styles.root}>
      <ClockRegular aria-hidden />
      {t('payment.checkout.payWithin')}
      {/* role="timer" is not announced every second, which a live region would do. */}
      <span role="timer" className={styles.time} data-testid="order-countdown">
        {formatCountdown(left)}
      </span>
    </p>
  );
}
