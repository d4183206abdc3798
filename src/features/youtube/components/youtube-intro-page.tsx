import { makeStyles, Text, Title3 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../lib/components/page-container';
import { PageHero } from '../../../lib/components/page-hero';
import { LinkButton } from '../../../lib/components/router-link';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { PATHS } from '../../../lib/paths';
import { VIDEO_PANELS } from '../../../lib/site-map';
import { tokens } from '../../../lib/tokens';

const WHAT = ['details', 'formats', 'serial'] as const;
const HOW = ['node', 'helper', 'ytdlp', 'pair'] as const;
const SETTINGS_PATH = VIDEO_PANELS.find((p) => p.id === 'config')?.path ?? PATHS.videoTools;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '18px', padding: '24px 0 48px', maxWidth: '820px' },
  list: { margin: 0, paddingLeft: '22px', display: 'flex', flexDirection: 'column', gap: '6px' },
  muted: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: '12px', flexWrap: 'wrap' },
});

/** /products/youtube/introduce: what the YouTube tool does and what it needs on the user's computer. */
export function YoutubeIntroPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  useDocumentTitle(t('videoHelper.youtube.intro.title'));
  return (
    <>
      <PageHero eyebrow={t('videoHelper.youtube.eyebrow')} title={t('videoHelper.youtube.intro.title')} lead={t('videoHelper.youtube.intro.lead')} />
      <PageContainer>
        <div className={styles.page}>
          <section aria-labelledby="yt-what">
            <Title3 as="h2" id="yt-what">
              {t('videoHelper.youtube.intro.whatHeading')}
            </Title3>
            <ul className={styles.list}>
              {WHAT.map((id) => (
                <li key={id}>{t(`videoHelper.youtube.intro.what.${id}`)}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="yt-how">
            <Title3 as="h2" id="yt-how">
              {t('videoHelper.youtube.intro.howHeading')}
            </Title3>
            <ol className={styles.list}>
              {HOW.map((id) => (
                <li key={id}>{t(`videoHelper.youtube.intro.how.${id}`)}</li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="yt-privacy">
            <Title3 as="h2" id="yt-privacy">
              {t('videoHelper.youtube.intro.privacyHeading')}
            </Title3>
            <Text as="p" className={styles.muted}>
              {t('videoHelper.youtube.intro.privacyBody')}
            </Text>
          </section>
          <div className={styles.actions}>
            <LinkButton to={PATHS.youtube} appearance="primary">
              {t('videoHelper.youtube.intro.open')}
            </LinkButton>
            <LinkButton to={SETTINGS_PATH}>{t('videoHelper.youtube.intro.settings')}</LinkButton>
          </div>
        </div>
      </PageContainer>
    </>
  );
}
