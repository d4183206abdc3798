import { useTranslation } from 'react-i18next';
import { CapabilityList } from '../../../lib/components/capability-list';
import { ComingSoonPage } from '../../../lib/components/coming-soon-page';

const POINTS = ['trial', 'periods', 'recurring', 'quotas'] as const;

export function PricingPage() {
  const { t } = useTranslation();
  return (
    <ComingSoonPage eyebrow={t('tools.pricing.eyebrow')} title={t('nav.pricing')} description={t('tools.pricing.description')}>
      <CapabilityList heading={t('tools.pricing.pointsTitle')} items={POINTS.map((id) => t(`tools.pricing.points.${id}`))} />
    </ComingSoonPage>
  );
}
