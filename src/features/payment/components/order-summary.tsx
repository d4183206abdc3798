import { makeStyles, Text } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { CheckmarkCircleFilled } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { Order } from '../api';
import { bundleBenefits, membershipMonths } from '../../../lib/bundle-text';
import { orderAmount } from '../format';
import { useBundle } from '../hooks/use-bundle';

const useStyles = makeStyles({
  head: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: '8px 16px' },
  name: { margin: 0 },
  amount: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightBold },
  subhead: { display: 'block', margin: '16px 0 8px', color: tokens.colorNeutralForeground2 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '6px' },
  item: { display: 'flex', alignItems: 'flex-start', gap: '8px' },
  icon: { color: tokens.colorPaletteGreenForeground1, fontSize: '18px', flexShrink: 0 },
  terms: { display: 'block', marginTop: '12px', color: tokens.colorNeutralForeground2 },
  meta: { margin: '16px 0 0', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all' },
});

/** Bundle, amount, what the bundle grants and the order number. */
export function OrderSummary({ order, headingLevel = 'h2' }: { order: Order; headingLevel?: 'h2' | 'h3' }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const bundle = useBundle(order.bundleId);
  const subLevel = headingLevel === 'h2' ? 'h3' : 'h4';
  const months = bundle ? membershipMonths(bundle) : null;
  return (
    <section aria-label={t('payment.summary.title')} data-testid="order-summary">
      <div className={styles.head}>
        <Text as={headingLevel} size={600} weight="semibold" className={styles.name}>
          {order.bundleName}
        </Text>
        <span className={styles.amount} data-testid="order-amount">
          {orderAmount(order, i18n.language)}
        </span>
      </div>
      {bundle && (
        <>
          <Text as={subLevel} weight="semibold" className={styles.subhead}>
            {t('payment.summary.whatYouGet')}
          </Text>
          <ul className={styles.list}>
            {bundleBenefits(t, bundle, i18n.language).map((line) => (
              <li key={line} className={styles.item}>
                <CheckmarkCircleFilled className={styles.icon} aria-hidden />
                {line}
              </li>
            ))}
          </ul>
          {months && (
            <Text className={styles.terms} data-testid="membership-terms">
              {t('payment.summary.membershipTerms', { period: t(`payment.summary.period.m${months}`) })}
            </Text>
          )}
        </>
      )}
      <p className={styles.meta}>{t('payment.summary.orderNumber', { orderId: order.orderId })}</p>
    </section>
  );
}
