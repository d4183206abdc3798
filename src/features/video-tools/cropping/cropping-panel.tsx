import { makeStyles, MessageBar, MessageBarBody, Spinner, Tab, TabList, Text } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rect } from '@engines/video/crop';
import { PageContainer } from '../../../lib/components/page-container';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { tokens } from '../../../lib/tokens';
import { closeVideoWorker } from '../../../lib/video-worker';
import { FilePicker } from '../common/file-picker';
import { JobStatus } from '../common/job-status';
import { formatTime } from '../common/seconds';
import { useVideoFile } from '../common/use-video-file';
import { useVideoJob } from '../common/use-video-job';
import { CroppingOnComputer } from '../on-computer/cropping-on-computer';
import { useWhere } from '../on-computer/use-where';
import { WhereChoice } from '../on-computer/where-choice';
import { CropForm } from './crop-form';
import { FramesForm } from './frames-form';
import { Preview } from './preview';
import { SplitForm } from './split-form';
import { Timeline } from './timeline';
import { TrimForm } from './trim-form';

type Op = 'trim' | 'split' | 'crop' | 'frames';
const OPS: readonly Op[] = ['trim', 'split', 'crop', 'frames'];

const useStyles = makeStyles({
  page: { paddingTop: '28px', paddingBottom: '56px', display: 'flex', flexDirection: 'column', gap: '16px' },
  intro: { color: tokens.colorNeutralForeground2, maxWidth: '720px' },
  work: { display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(280px, 2fr)', gap: '20px', '@media (max-width: 800px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
  side: { display: 'flex', flexDirection: 'column', gap: '12px' },
  media: { display: 'flex', flexDirection: 'column', gap: '8px' },
});

/** /products/videoTools/panels/cropping: trim, split, crop and frames, in the browser (ffmpeg.wasm) or on this computer (the paired helper). */
export function CroppingPanel() {
  const styles = useStyles();
  const { t } = useTranslation();
  useDocumentTitle(t('nav.videoPanels.cropping'));
  const [file, setFile] = useState<File | null>(null);
  const where = useWhere('cropping', file ? [file.size] : []);
  const onComputer = where.where === 'computer';
  // A file the helper runs is not read in the browser (it may be far over what the browser takes).
  const picked = useVideoFile(onComputer ? null : file);
  const job = useVideoJob();
  const [op, setOp] = useState<Op>('trim');
  const [span, setSpan] = useState<{ start: number; end: number } | null>(null);
  const [rect, setRect] = useState<Rect | null>(null);
  const player = useRef<HTMLVideoElement>(null);
  useEffect(() => () => closeVideoWorker(), []);
  useEffect(() => setRect(null), [file]);

  const video = picked.status === 'ready' ? picked.video : null;
  const busy = job.state.status === 'running';
  const props = video && { video, busy, run: (o: Parameters<typeof job.start>[0]) => void job.start(o), currentTime: () => player.current?.currentTime ?? 0 };

  return (
    <PageContainer className={styles.page}>
      <Text as="h1" size={700} weight="bold">
        {t('nav.videoPanels.cropping')}
      </Text>
      <Text className={styles.intro}>{t('tools.video.crop.intro')}</Text>
      <FilePicker label={t('tools.video.crop.pick')} hint={t('tools.video.crop.pickHint')} onFiles={(f) => f[0] && (setFile(f[0]), job.reset())} testId="crop-file" />
      <WhereChoice where={where.where} onChange={where.setWhere} paired={where.paired} tooLarge={where.tooLarge} disabled={job.state.status === 'running'} />
      {onComputer && <CroppingOnComputer picked={file} />}
      {!onComputer && picked.status === 'empty' && <Text data-testid="crop-empty">{t('tools.video.crop.empty')}</Text>}
      {picked.status === 'reading' && <Spinner size="small" label={t('tools.video.crop.reading', { name: picked.name })} />}
      {picked.status === 'failed' && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{picked.failure.kind === 'message' ? t(picked.failure.key) : t('tools.video.job.errors.unknown')}</MessageBarBody>
        </MessageBar>
      )}
      {video && props && (
        <div className={styles.work}>
          <div className={styles.media}>
            <Preview ref={player} video={video} rect={op === 'crop' ? rect : null} onRect={op === 'crop' ? setRect : undefined} />
            <Timeline video={video} span={op === 'trim' ? span : null} onSeek={(s) => player.current && (player.current.currentTime = s)} />
            <Text size={200} data-testid="video-info">
              {t('tools.video.crop.info', { duration: formatTime(video.info.duration), width: video.info.video?.width ?? 0, height: video.info.video?.height ?? 0, codec: video.info.video?.codec ?? '' })}
            </Text>
          </div>
          <div className={styles.side}>
            <TabList selectedValue={op} onTabSelect={(_, d) => setOp(d.value as Op)} aria-label={t('tools.video.crop.operations')}>
              {OPS.map((o) => (
                <Tab key={o} value={o} data-testid={`op-${o}`}>
                  {t(`tools.video.crop.ops.${o}`)}
                </Tab>
              ))}
            </TabList>
            {op === 'trim' && <TrimForm {...props} onSpan={setSpan} />}
            {op === 'split' && <SplitForm {...props} />}
            {op === 'crop' && <CropForm {...props} rect={rect} onRect={setRect} />}
            {op === 'frames' && <FramesForm {...props} />}
            <JobStatus state={job.state} onCancel={job.cancel} />
          </div>
        </div>
      )}
    </PageContainer>
  );
}
