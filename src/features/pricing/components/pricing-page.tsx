import { Button, makeStyles, Tab, TabList, Text } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { CloudErrorRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { convertTypeLabel } from '../../../lib/convert-type-text';
import { CapabilityList } from '../../../lib/components/capability-list';
import { EmptyState } from '../../../lib/components/empty-state';
import { PageContainer } from '../../../lib/components/page-container';
import { PageHero } from '../../../lib/components/page-hero';
import { MEDIA } from '../../../lib/constants';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { bestValueId } from '../bundle-text';
import { useBundles } from '../hooks/use-bundles';
import { useBuy } from '../hooks/use-buy';
import { bundleForType } from '../type-highlight';
import { bundlesOfKind, pricingKind, type PricingKind } from '../kind-tabs';
import { BundleCard } from './bundle-card';
import { PricingSkeleton } from './pricing-skeleton';

const useStyles = makeStyles({
  body: { paddingTop: '40px', paddingBottom: '64px', display: 'flex', flexDirection: 'column', gap: '40px' },
  kinds: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '8px', marginBottom: '-16px' },
  kindHint: { color: tokens.colorNeutralForeground3 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
    gap: '20px',
    alignItems: 'stretch',
    [MEDIA.belowMd]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [MEDIA.belowSm]: { gridTemplateColumns: '1fr' },
  },
});

const POINTS = ['trial', 'periods', 'oneOff', 'cancel', 'quotas'] as const;

/** /pricing: one card per published bundle, Buy leading to the order's checkout. */
export function PricingPage() {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const { bundles, error, isLoading, retry } = useBundles();
  // Where a missing feature (1001) leads: ?convertType= highlights a bundle that includes it instead of the best value.
  const [params, setParams] = useSearchParams();
  const convertType = params.get('convertType');
  const typeLabel = convertType ? convertTypeLabel(t, i18n, convertType) : undefined;
  const includingId = typeLabel ? bundleForType(bundles, convertType) : undefined;
  const { buy, pendingId } = useBuy();
  useDocumentTitle(t('nav.pricing'));
  // One-off packs or memberships (?kind=); by default the kind of the highlighted bundle, else packs.
  const kind = pricingKind(params.get('kind'), bundles.find((b) => b.id === includingId));
  const shown = bundlesOfKind(bundles, kind);
  const highlighted = includingId ? undefined : bestValueId(shown);
  const selectKind = (next: PricingKind) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set('kind', next);
        return p;
      },
      { replace: true },
    );
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
          <div className={styles.kinds}>
            <TabList selectedValue={kind} onTabSelect={(_e, d) => selectKind(d.value as PricingKind)} aria-label={t('pricing.kinds.label')}>
              <Tab value="pack">{t('pricing.kinds.pack')}</Tab>
              <Tab value="membership">{t('pricing.kinds.membership')}</Tab>
            </TabList>
            <Text className={styles.kindHint}>{t(`pricing.kinds.${kind}Hint`)}</Text>
          </div>
        )}
        {bundles.length > 0 && (
          <div className={styles.grid}>
            {shown.map((bundle) => (
              <BundleCard
                key={bundle.id}
                bundle={bundle}
                highlighted={bundle.id === highlighted}
                includesType={bundle.id === includingId ? typeLabel : undefined}
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
