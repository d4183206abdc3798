import { Button, Field, Input, makeStyles, Spinner, Text, Title2 } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadRequestSchema } from '@contracts/local-helper';
import { LocalHelperNotice } from '../../../lib/components/local-helper-notice';
import { PageContainer } from '../../../lib/components/page-container';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { helperErrorText } from '../../../lib/local-helper-text';
import { tokens } from '../../../lib/tokens';
import { localHelper, useDownloadStatus, useLocalHelperStatus } from '../../../lib/local-helper-client';
import { DownloadHistory } from './download-history';
import { DownloadProgress } from './download-progress';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '18px', padding: '24px 0 40px', maxWidth: '820px' },
  lead: { color: tokens.colorNeutralForeground2 },
  form: { display: 'grid', gap: '12px', gridTemplateColumns: 'minmax(0, 1fr)' },
  actions: { display: 'flex', gap: '12px', alignItems: 'center', flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** /products/videoTools/panels/download: a URL downloaded by the local helper, with progress, cancel and history. */
export function DownloadPanel() {
  const styles = useStyles();
  const { t } = useTranslation();
  useDocumentTitle(t('videoHelper.download.title'));
  const helper = useLocalHelperStatus();
  const paired = helper.state === 'paired';
  const { status, refresh } = useDownloadStatus(paired);
  const [url, setUrl] = useState('');
  const [fileName, setFileName] = useState('');
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    const parsed = downloadRequestSchema.safeParse({ url, fileName: fileName || undefined });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'videoHelper.errors.urlInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await localHelper.download(parsed.data.url, parsed.data.fileName ? { fileName: parsed.data.fileName } : {});
      await refresh();
    } catch (e) {
      setError(helperErrorText(t, e));
      void helper.refresh();
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => {
    setCancelling(true);
    try {
      await localHelper.cancel();
    } catch (e) {
      setError(helperErrorText(t, e));
    } finally {
      setCancelling(false);
      await refresh();
    }
  };

  return (
    <PageContainer>
      <div className={styles.page}>
        <div>
          <Title2 as="h1">{t('videoHelper.download.title')}</Title2>
          <Text as="p" className={styles.lead}>
            {t('videoHelper.download.lead')}
          </Text>
        </div>
        <LocalHelperNotice state={helper.state} checking={helper.checking} onRecheck={() => void helper.refresh()} />
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            void start();
          }}
        >
          <Field label={t('videoHelper.download.urlLabel')} required validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'}>
            <Input type="url" value={url} onChange={(_, d) => setUrl(d.value)} disabled={!paired} />
          </Field>
          <Field label={t('videoHelper.download.fileNameLabel')} hint={t('videoHelper.download.fileNameHint')}>
            <Input value={fileName} onChange={(_, d) => setFileName(d.value)} disabled={!paired} />
          </Field>
          <div className={styles.actions}>
            <Button type="submit" appearance="primary" icon={busy ? <Spinner size="tiny" /> : <ArrowDownloadRegular />} disabled={!paired || busy}>
              {t('videoHelper.download.start')}
            </Button>
            <Text size={200} className={styles.muted}>
              {t('videoHelper.download.replaceNote')}
            </Text>
          </div>
        </form>
        {status?.current && <DownloadProgress download={status.current} onCancel={() => void cancel()} cancelling={cancelling} />}
        {paired && <DownloadHistory history={status?.history ?? []} />}
      </div>
    </PageContainer>
  );
}
