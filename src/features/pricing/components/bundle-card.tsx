import { Badge, Button, makeStyles, mergeClasses, Spinner, Text } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { ArrowRepeatAllRegular, CheckmarkCircleFilled, DismissCircleRegular, GiftRegular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bundle } from '../api';
import { durationText, membershipMonths, priceText, quotaLines, renewalPeriodText } from '../../../lib/bundle-text';

export const useBundleCardStyles = makeStyles({
  card: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    gap: '14px',
    padding: '24px 22px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow4,
  },
  highlight: { border: `2px solid ${tokens.colorBrandStroke1}`, boxShadow: tokens.shadow16 },
  /** The bundle a 1001 answer led to (it includes the conversion type asked for). */
  includes: { outline: `3px solid ${tokens.colorBrandStroke1}`, outlineOffset: '4px', scrollMarginTop: '96px' },
  badge: { position: 'absolute', top: '-12px', left: '22px' },
  name: { display: 'block', margin: 0 },
  desc: { display: 'block', color: tokens.colorNeutralForeground3, minHeight: '40px' },
  priceRow: { display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', gap: '6px' },
  price: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: tokens.fontWeightBold },
  period: { color: tokens.colorNeutralForeground3 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px', flexGrow: 1 },
  item: { display: 'flex', alignItems: 'flex-start', gap: '8px', fontSize: tokens.fontSizeBase300 },
  yes: { color: tokens.colorPaletteGreenForeground1, fontSize: '18px', flexShrink: 0 },
  no: { color: tokens.colorNeutralForeground4, fontSize: '18px', flexShrink: 0 },
  foot: { display: 'flex', alignItems: 'center', gap: '8px', minHeight: '32px', color: tokens.colorNeutralForeground2 },
});

interface BundleCardProps {
  bundle: Bundle;
  highlighted: boolean;
  pending: boolean;
  busy: boolean;
  onBuy: (bundleId: string) => void;
  /** The label of the conversion type this bundle is highlighted for (`/pricing?convertType=`). */
  includesType?: string | undefined;
}

/** One bundle: price, period, every quota, batch yes/no, and Buy (the free trial has no button). */
export function BundleCard({ bundle, highlighted, pending, busy, onBuy, includesType }: BundleCardProps) {
  const styles = useBundleCardStyles();
  const { t, i18n } = useTranslation();
  const headingId = `bundle-${bundle.id}`;
  /** Set for a membership: it renews every that many months until cancelled. */
  const months = membershipMonths(bundle);
  const includesId = `bundle-${bundle.id}-includes`;
  const ref = useRef<HTMLElement>(null);
  // The card a missing feature led to: brought into view and focused, so it is also what a screen reader reads next.
  useEffect(() => {
    if (!includesType) return;
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [includesType]);
  return (
    <article
      ref={ref}
      className={mergeClasses(styles.card, (highlighted || includesType) && styles.highlight, includesType && styles.includes)}
      aria-labelledby={headingId}
      aria-describedby={includesType ? includesId : undefined}
      tabIndex={includesType ? -1 : undefined}
      data-bundle={bundle.id}
      data-includes-type={includesType ? 'true' : undefined}
    >
      {includesType && (
        <Badge id={includesId} className={styles.badge} appearance="filled" color="brand">
          {t('pricing.includesType.badge', { type: includesType })}
        </Badge>
      )}
      {highlighted && (
        <Badge className={styles.badge} appearance="filled" color="brand">
          {t('pricing.card.bestValue')}
        </Badge>
      )}
      <Text as="h2" id={headingId} size={600} weight="semibold" className={styles.name}>
        {bundle.name}
      </Text>
      <Text className={styles.desc}>{bundle.desc}</Text>
      <div className={styles.priceRow}>
        <span className={styles.price} data-testid="bundle-price">
          {priceText(t, bundle, i18n.language)}
        </span>
        <span className={styles.period}>{months ? renewalPeriodText(t, months) : t('pricing.card.validFor', { period: durationText(t, bundle.duration) })}</span>
      </div>
      <ul className={styles.list}>
        {quotaLines(t, bundle, i18n.language).map((line) => (
          <li key={line} className={styles.item}>
            <CheckmarkCircleFilled className={styles.yes} aria-hidden />
            {line}
          </li>
        ))}
        <li className={styles.item}>
          {bundle.features.batch ? <CheckmarkCircleFilled className={styles.yes} aria-hidden /> : <DismissCircleRegular className={styles.no} aria-hidden />}
          {t(bundle.features.batch ? 'pricing.card.batchYes' : 'pricing.card.batchNo')}
        </li>
        {months && (
          <li className={styles.item} data-testid="bundle-renewal">
            <ArrowRepeatAllRegular className={styles.yes} aria-hidden />
            {t('pricing.membership.renews')}
          </li>
        )}
      </ul>
      {bundle.trial ? (
        <div className={styles.foot}>
          <GiftRegular aria-hidden />
          <Text>{t('pricing.card.trialIncluded')}</Text>
        </div>
      ) : (
        <Button
          appearance={highlighted ? 'primary' : 'secondary'}
          size="large"
          disabled={busy}
          icon={pending ? <Spinner size="tiny" /> : undefined}
          aria-label={t(months ? 'pricing.membership.subscribeLabel' : 'pricing.card.buyLabel', { name: bundle.name })}
          onClick={() => onBuy(bundle.id)}
        >
          {t(months ? 'pricing.membership.subscribe' : 'pricing.card.buy')}
        </Button>
      )}
    </article>
  );
}
