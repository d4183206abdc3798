import { Button, Field, Input, makeStyles, ProgressBar, Spinner, Text } from '@fluentui/react-components';
import { ArrowDownloadRegular, SearchRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { videoInfoRequestSchema, type VideoInfo } from '@contracts/local-helper';
import { LocalHelperNotice } from '../../../lib/components/local-helper-notice';
import { PageContainer } from '../../../lib/components/page-container';
import { PageHero } from '../../../lib/components/page-hero';
import { TextLink } from '../../../lib/components/router-link';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { localHelper, useDownloadStatus, useLocalHelperStatus } from '../../../lib/local-helper-client';
import { helperErrorText } from '../../../lib/local-helper-text';
import { PATHS } from '../../../lib/paths';
import { tokens } from '../../../lib/tokens';
import { VideoDetails } from './video-details';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '18px', padding: '24px 0 48px', maxWidth: '900px' },
  row: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '220px' },
  muted: { color: tokens.colorNeutralForeground3 },
  progress: { display: 'flex', flexDirection: 'column', gap: '6px' },
});

/** /products/youtube: paste a link, see the video through the local helper, download a format. */
export function YoutubePage() {
  const styles = useStyles();
  const { t } = useTranslation();
  useDocumentTitle(t('videoHelper.youtube.title'));
  const helper = useLocalHelperStatus();
  const paired = helper.state === 'paired';
  const { status, refresh } = useDownloadStatus(paired);
  const [url, setUrl] = useState('');
  const [info, setInfo] = useState<{ url: string; info: VideoInfo } | null>(null);
  const [formatId, setFormatId] = useState('');
  const [busy, setBusy] = useState<'info' | 'download' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [downloadId, setDownloadId] = useState<string | null>(null);

  const lookUp = async () => {
    const parsed = videoInfoRequestSchema.safeParse({ url });
    if (!parsed.success) return setError(t(parsed.error.issues[0]?.message ?? 'videoHelper.errors.urlInvalid'));
    setBusy('info');
    setError(null);
    setInfo(null);
    try {
      setInfo({ url: parsed.data.url, info: await localHelper.info(parsed.data.url) });
      setFormatId('');
    } catch (e) {
      setError(helperErrorText(t, e));
    } finally {
      setBusy(null);
    }
  };
  const download = async () => {
    if (!info) return;
    setBusy('download');
    setError(null);
    try {
      const started = await localHelper.download(info.url, info.info.method === 'ytdlp' && formatId ? { formatId } : {});
      setDownloadId(started.downloadId);
      await refresh();
    } catch (e) {
      setError(helperErrorText(t, e));
    } finally {
      setBusy(null);
    }
  };
  const running = status?.current && status.current.downloadId === downloadId ? status.current : null;
  const finished = status?.history.find((d) => d.downloadId === downloadId) ?? null;

  return (
    <>
      <PageHero eyebrow={t('videoHelper.youtube.eyebrow')} title={t('videoHelper.youtube.title')} lead={t('videoHelper.youtube.lead')} />
      <PageContainer>
        <div className={styles.page}>
          {!paired && <Text className={styles.muted}>{t('videoHelper.youtube.needsHelper')}</Text>}
          <LocalHelperNotice state={helper.state} checking={helper.checking} onRecheck={() => void helper.refresh()} />
          <form
            className={styles.row}
            onSubmit={(e) => {
              e.preventDefault();
              void lookUp();
            }}
          >
            <Field label={t('videoHelper.youtube.urlLabel')} className={styles.grow} validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'}>
              <Input type="url" value={url} onChange={(_, d) => setUrl(d.value)} placeholder="https://www.youtube.com/watch?v=…" disabled={!paired} />
            </Field>
            <Button type="submit" appearance="primary" disabled={!paired || busy !== null} icon={busy === 'info' ? <Spinner size="tiny" /> : <SearchRegular />}>
              {busy === 'info' ? t('videoHelper.youtube.fetching') : t('videoHelper.youtube.fetch')}
            </Button>
          </form>
          {info && (
            <>
              <VideoDetails info={info.info} formatId={formatId} onFormat={setFormatId} />
              <div className={styles.row}>
                <Button appearance="primary" icon={<ArrowDownloadRegular />} onClick={() => void download()} disabled={busy !== null || running !== null}>
                  {info.info.method === 'ytdlp' && formatId ? t('videoHelper.youtube.downloadSelected') : t('videoHelper.youtube.download')}
                </Button>
                {running && (
                  <Button onClick={() => void localHelper.cancel().then(refresh)}>{t('videoHelper.download.cancel')}</Button>
                )}
              </div>
            </>
          )}
          {running && (
            <div className={styles.progress} aria-live="polite">
              <ProgressBar value={running.progress ?? undefined} thickness="large" aria-label={t('videoHelper.youtube.progressLabel')} />
              <Text size={200}>{running.progress !== null ? `${Math.round(running.progress * 100)}%` : t('videoHelper.download.states.running')}</Text>
            </div>
          )}
          {finished && (
            <Text aria-live="polite" data-testid="youtube-result">
              {t(`videoHelper.download.states.${finished.state}`)}
              {finished.filePath ? ` · ${t('videoHelper.download.savedTo', { path: finished.filePath })}` : ''}
              {finished.error ? ` · ${t(finished.error)}` : ''}
            </Text>
          )}
          <TextLink to={PATHS.youtubeIntro}>{t('videoHelper.youtube.introLink')}</TextLink>
        </div>
      </PageContainer>
    </>
  );
}
