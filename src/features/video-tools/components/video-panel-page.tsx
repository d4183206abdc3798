import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import { ComingSoonPage } from '../../../lib/components/coming-soon-page';

/** One video panel; which one comes from the route's handle. */
export function VideoPanelPage() {
  const { t } = useTranslation();
  const matches = useMatches();
  const panel = (matches[matches.length - 1]?.handle as { panel?: string } | undefined)?.panel ?? 'download';
  return (
    <ComingSoonPage eyebrow={t('nav.videoTools')} title={t(`nav.videoPanels.${panel}`)} description={t(`tools.video.panels.${panel}`)} />
  );
}
