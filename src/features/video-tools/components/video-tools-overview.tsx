import { makeStyles, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { PageContainer } from '../../../lib/components/page-container';
import { LinkButton } from '../../../lib/components/router-link';
import { VIDEO_PANELS } from '../../../lib/site-map';
import { tokens } from '../../../lib/tokens';

const useStyles = makeStyles({
  page: { paddingTop: '28px', paddingBottom: '56px' },
  intro: { display: 'block', color: tokens.colorNeutralForeground2, maxWidth: '720px', marginTop: '8px', marginBottom: '24px' },
  grid: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: '12px' },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '10px',
    padding: '16px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  body: { flexGrow: 1, color: tokens.colorNeutralForeground2 },
});

/** /products/videoTools: what each panel does, and a way in. */
export function VideoToolsOverview() {
  const styles = useStyles();
  const { t } = useTranslation();
  useDocumentTitle(t('nav.videoTools'));
  return (
    <PageContainer className={styles.page}>
      <Text as="h1" size={700} weight="bold">
        {t('nav.videoTools')}
      </Text>
      <Text className={styles.intro}>{t('tools.video.description')}</Text>
      <ul className={styles.grid} aria-label={t('tools.video.panelsTitle')}>
        {VIDEO_PANELS.map((p) => (
          <li key={p.id} className={styles.card} data-testid={`video-panel-card-${p.id}`}>
            <Text as="h2" size={400} weight="semibold">
              {t(`nav.videoPanels.${p.id}`)}
            </Text>
            <Text className={styles.body}>{t(`tools.video.panels.${p.id}`)}</Text>
            <LinkButton to={p.path} appearance="primary">
              {t('tools.video.open')}
            </LinkButton>
          </li>
        ))}
      </ul>
    </PageContainer>
  );
}
