import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../lib/components/page-container';
import { MEDIA } from '../../../lib/constants';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { BatchBar } from './batch-bar';
import { DropZone } from './drop-zone';
import { ImageGrid } from './image-grid';
import { PreviewPanel } from './preview-panel';
import { RefusedNotice } from './refused-notice';
import { SettingsPanel } from './settings-panel';

const useStyles = makeStyles({
  page: { backgroundColor: tokens.colorNeutralBackground2, paddingTop: '28px', paddingBottom: '56px' },
  header: { marginBottom: '20px' },
  eyebrow: {
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
    letterSpacing: '0.08em',
    fontSize: tokens.fontSizeBase200,
  },
  title: { margin: '6px 0 8px', fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightBold },
  description: { margin: 0, color: tokens.colorNeutralForeground2, maxWidth: '760px', fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase400 },
  layout: {
    display: 'grid',
    gap: '20px',
    alignItems: 'start',
    gridTemplateColumns: 'minmax(0, 1fr) 380px',
    [MEDIA.belowMd]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  column: { display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
});

/** /products/imageTools: batch crop, convert, rename, watermark and border, on the device. */
export function ImageToolsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  useDocumentTitle(t('imageTools.title'));
  return (
    <div className={styles.page}>
      <PageContainer>
        <header className={styles.header}>
          <span className={styles.eyebrow}>{t('imageTools.eyebrow')}</span>
          <h1 className={styles.title}>{t('imageTools.title')}</h1>
          <p className={styles.description}>{t('imageTools.description')}</p>
        </header>
        <div className={styles.layout}>
          <div className={styles.column}>
            <DropZone />
            <RefusedNotice />
            <BatchBar />
            <ImageGrid />
          </div>
          <aside className={styles.column} aria-label={t('imageTools.settings.title')}>
            <PreviewPanel />
            <SettingsPanel />
          </aside>
        </div>
      </PageContainer>
    </div>
  );
}
