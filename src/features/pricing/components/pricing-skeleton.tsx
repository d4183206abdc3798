import { makeStyles, Skeleton, SkeletonItem } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useBundleCardStyles } from './bundle-card';

const useStyles = makeStyles({
  lines: { display: 'flex', flexDirection: 'column', gap: '10px' },
  price: { width: '60%', height: '40px' },
});

/** Four card outlines while the bundles load. */
export function PricingSkeleton({ gridClassName }: { gridClassName: string }) {
  const styles = useStyles();
  const card = useBundleCardStyles();
  const { t } = useTranslation();
  return (
    <Skeleton aria-label={t('pricing.loading')} aria-busy className={gridClassName}>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className={card.card}>
          <SkeletonItem size={24} />
          <SkeletonItem size={16} />
          <SkeletonItem className={styles.price} />
          <div className={styles.lines}>
            <SkeletonItem size={12} />
            <SkeletonItem size={12} />
            <SkeletonItem size={12} />
          </div>
          <SkeletonItem size={40} />
        </div>
      ))}
    </Skeleton>
  );
}
