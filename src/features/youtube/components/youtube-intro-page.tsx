import { useTranslation } from 'react-i18next';
import { CapabilityList } from '../../../lib/components/capability-list';
import { ComingSoonPage } from '../../../lib/components/coming-soon-page';

const STEPS = ['one', 'two', 'three'] as const;

export function YoutubeIntroPage() {
  const { t } = useTranslation();
  return (
    <ComingSoonPage eyebrow={t('tools.youtube.eyebrow')} title={t('nav.youtubeIntro')} description={t('tools.youtube.introDescription')}>
      <CapabilityList heading={t('tools.youtube.stepsTitle')} items={STEPS.map((id) => t(`tools.youtube.steps.${id}`))} />
    </ComingSoonPage>
  );
}
