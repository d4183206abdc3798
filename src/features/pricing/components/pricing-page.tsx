import { Button, makeStyles } from '@fluentui/react-components';
import { CloudErrorRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { CapabilityList } from '../../../lib/components/capability-list';
import { EmptyState } from '../../../lib/components/empty-state';
import { PageContainer } from '../../../lib/components/page-container';
import { PageHero } from '../../../lib/components/page-hero';
import { MEDIA } from '../../../lib/constants';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { bestValueId } from '../bundle-text';
import { useBundles } from '../hooks/use-bundles';
import { useBuy } from '../hooks/use-buy';
import { BundleCard } from './bundle-card';
import { PricingSkeleton } from './pricing-skeleton';

const useStyles = makeStyles({
  body: { paddingTop: '40px', paddingBottom: '64px', display: 'flex', flexDirection: 'column', gap: '40px' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
    gap: '20px',
    alignItems: 'stretch',
    [MEDIA.belowMd]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [MEDIA.belowSm]: { gridTemplateColumns: '1fr' },
  },
});

const POINTS = ['trial', 'periods', 'oneOff', 'quotas'] as const;

/** /pricing: one card per published bundle, Buy leading to the order's checkout. */
export function PricingPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const { bundles, error, isLoading, retry } = useBundles();
  const { buy, pendingId } = useBuy();
  useDocumentTitle(t('nav.pricing'));
  const highlighted = bestValueId(bundles);
  return (
    <>
      <PageHero eyebrow={t('pricing.eyebrow')} title={t('nav.pricing')} lead={t('pricing.description')} />
      <PageContainer className={styles.body}>
        {isLoading && <PricingSkeleton gridClassName={styles.grid} />}
        {!isLoading && error !== undefined && bundles.length === 0 && (
          <EmptyState
            icon={<CloudErrorRegular />}
            title={t('pricing.errorTitle')}
            description={t('pricing.errorDescription')}
            actions={
              <Button appearance="primary" onClick={retry}>
                {t('pricing.retry')}
              </Button>
            }
          />
        )}
        {!isLoading && error === undefined && bundles.length === 0 && <EmptyState title={t('pricing.emptyTitle')} description={t('pricing.emptyDescription')} />}
        {bundles.length > 0 && (
          <div className={styles.grid}>
            {bundles.map((bundle) => (
              <BundleCard
                key={bundle.id}
                bundle={bundle}
                highlighted={bundle.id === highlighted}
                pending={pendingId === bundle.id}
                busy={pendingId !== null}
                onBuy={(id) => void buy(id)}
              />
            ))}
          </div>
        )}
        <CapabilityList heading={t('pricing.pointsTitle')} items={POINTS.map((id) => t(`pricing.points.${id}`))} />
      </PageContainer>
    </>
  );
}
