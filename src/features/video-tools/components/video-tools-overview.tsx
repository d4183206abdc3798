import { useTranslation } from 'react-i18next';
import { CapabilityList } from '../../../lib/components/capability-list';
import { ComingSoonPage } from '../../../lib/components/coming-soon-page';
import { VIDEO_PANELS } from '../../../lib/site-map';

export function VideoToolsOverview() {
  const { t } = useTranslation();
  return (
    <ComingSoonPage eyebrow={t('tools.video.eyebrow')} title={t('nav.videoTools')} description={t('tools.video.description')}>
      <CapabilityList heading={t('tools.video.panelsTitle')} items={VIDEO_PANELS.map((p) => t(`tools.video.panels.${p.id}`))} />
    </ComingSoonPage>
  );
}
