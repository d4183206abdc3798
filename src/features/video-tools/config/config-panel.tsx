import { Badge, Button, Text, Title2, Title3 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../lib/components/page-container';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { localHelper, useLocalHelperStatus } from '../../../lib/local-helper-client';
import { BasePathForm } from './base-path-form';
import { PairForm } from './pair-form';
import { StartHelp } from './start-help';
import { useConfigStyles } from './styles';

const BADGE = { absent: 'danger', unpaired: 'warning', paired: 'success' } as const;

/** /products/videoTools/configure/config: the local helper's state, how to start and pair it, and its folder. */
export function ConfigPanel() {
  const styles = useConfigStyles();
  const { t } = useTranslation();
  useDocumentTitle(t('videoHelper.config.title'));
  const helper = useLocalHelperStatus();
  const recheck = () => void helper.refresh();
  return (
    <PageContainer>
      <div className={styles.page}>
        <div>
          <Title2 as="h1">{t('videoHelper.config.title')}</Title2>
          <Text as="p" className={styles.lead}>
            {t('videoHelper.config.lead')}
          </Text>
        </div>
        <section className={styles.section} aria-labelledby="helper-status" aria-live="polite">
          <Title3 as="h2" id="helper-status">
            {t('videoHelper.config.statusHeading')}
          </Title3>
          <div className={styles.row}>
            <Badge appearance="tint" color={BADGE[helper.state]} data-testid="helper-state">
              {helper.checking ? t('videoHelper.state.checking') : t(`videoHelper.state.${helper.state}`)}
            </Badge>
            <Button size="small" onClick={recheck} disabled={helper.checking}>
              {t('videoHelper.config.recheck')}
            </Button>
          </div>
          {helper.state === 'paired' && helper.config && (
            <>
              <Text>{t('videoHelper.config.paired')}</Text>
              <Text className={styles.muted}>{t('videoHelper.config.version', { version: helper.config.version })}</Text>
            </>
          )}
        </section>
        {helper.state === 'absent' && <StartHelp onAddressChanged={recheck} />}
        {helper.state === 'unpaired' && <PairForm onPaired={recheck} />}
        {helper.state === 'paired' && helper.config && (
          <>
            <BasePathForm config={helper.config} onSaved={recheck} />
            <section className={styles.section} aria-labelledby="helper-tools">
              <Title3 as="h2" id="helper-tools">
                {t('videoHelper.config.toolsHeading')}
              </Title3>
              <ul className={styles.tools}>
                <li>ffmpeg: {t(helper.config.tools.ffmpeg ? 'videoHelper.config.available' : 'videoHelper.config.missing')}</li>
                <li>yt-dlp: {t(helper.config.tools.ytDlp ? 'videoHelper.config.available' : 'videoHelper.config.missing')}</li>
              </ul>
              {!helper.config.tools.ytDlp && <Text className={styles.muted}>{t('videoHelper.config.ytDlpHint')}</Text>}
            </section>
            <div>
              <Button onClick={() => void localHelper.logout().finally(recheck)}>{t('videoHelper.config.disconnect')}</Button>
            </div>
          </>
        )}
      </div>
    </PageContainer>
  );
}
