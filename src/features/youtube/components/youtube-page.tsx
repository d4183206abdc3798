import { useTranslation } from 'react-i18next';
import { CapabilityList } from '../../../lib/components/capability-list';
import { ComingSoonPage } from '../../../lib/components/coming-soon-page';

const POINTS = ['paste', 'quality', 'serial'] as const;

export function YoutubePage() {
  const { t } = useTranslation();
  return (
    <ComingSoonPage eyebrow={t('tools.youtube.eyebrow')} title={t('nav.youtube')} description={t('tools.youtube.description')}>
      <CapabilityList heading={t('tools.youtube.pointsTitle')} items={POINTS.map((id) => t(`tools.youtube.points.${id}`))} />
    </ComingSoonPage>
  );
}
