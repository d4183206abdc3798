import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Switch, Text } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultMergeTarget, shuffled, type MergeTarget } from '@engines/video/merge';
import { PageContainer } from '../../../lib/components/page-container';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { tokens } from '../../../lib/tokens';
import { closeVideoWorker, probeVideo } from '../../../lib/video-worker';
import { FilePicker } from '../common/file-picker';
import { toFailure } from '../common/job-error';
import { JobStatus } from '../common/job-status';
import { useVideoJob } from '../common/use-video-job';
import { overBrowserLimit } from '../on-computer/browser-limit';
import { MergeOnComputer } from '../on-computer/merge-on-computer';
import { useWhere } from '../on-computer/use-where';
import { WhereChoice } from '../on-computer/where-choice';
import { ClipList } from './clip-list';
import { mergeOperation, type Clip } from './merge-plan';
import { MergeTargetForm } from './merge-target-form';

const useStyles = makeStyles({
  page: { paddingTop: '28px', paddingBottom: '56px', display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '860px' },
  intro: { color: tokens.colorNeutralForeground2 },
  row: { display: 'flex', gap: '12px', alignItems: 'center', flexWrap: 'wrap' },
});

let nextId = 0;

/** /products/videoTools/panels/merge: join clips in order or shuffled, in the browser (ffmpeg.wasm) or on this computer (the paired helper). */
export function MergePanel() {
  const styles = useStyles();
  const { t } = useTranslation();
  useDocumentTitle(t('nav.videoPanels.merge'));
  const [clips, setClips] = useState<Clip[]>([]);
  const [reading, setReading] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [random, setRandom] = useState(false);
  // The user's choice of size, frame rate and fit; the first clip's until they choose.
  const [chosenTarget, setTarget] = useState<MergeTarget | null>(null);
  const job = useVideoJob();
  const busy = job.state.status === 'running';
  useEffect(() => () => closeVideoWorker(), []);
  // Files picked while the helper runs the merge: matched in its folder, never read in the browser.
  const [pickedForComputer, setPickedForComputer] = useState<File[]>([]);
  const where = useWhere('merge', [...clips.map((c) => c.file.size), ...pickedForComputer.map((f) => f.size)]);

  const add = async (files: File[]) => {
    setProblem(null);
    job.reset();
    if (where.paired && (where.where === 'computer' || overBrowserLimit(files.map((f) => f.size)))) {
      setPickedForComputer((prev) => [...prev, ...files]);
      return;
    }
    setReading((n) => n + files.length);
    for (const file of files) {
      try {
        const info = await probeVideo(file);
        if (!info.video) setProblem(t('tools.video.merge.notVideo', { name: file.name }));
        else setClips((prev) => [...prev, { id: String(nextId++), file, info }]);
      } catch (error) {
        const f = toFailure(error);
        setProblem(f.kind === 'message' ? `${file.name}: ${t(f.key)}` : t('tools.video.job.errors.unknown'));
      } finally {
        setReading((n) => n - 1);
      }
    }
  };

  const target = chosenTarget ?? (clips.length > 0 ? defaultMergeTarget(clips.map((c) => c.info)) : null);
  const plan = clips.length >= 2 && target ? mergeOperation(clips, random, target) : null;
  const submit = () => {
    if (!plan || !target) return;
    void job.start(random ? mergeOperation(shuffled(clips), true, target) : plan);
  };

  return (
    <PageContainer className={styles.page}>
      <Text as="h1" size={700} weight="bold">
        {t('nav.videoPanels.merge')}
      </Text>
      <Text className={styles.intro}>{t('tools.video.merge.intro')}</Text>
      <FilePicker label={t('tools.video.merge.pick')} hint={t('tools.video.merge.pickHint')} multiple onFiles={(f) => void add(f)} testId="merge-files" />
      <WhereChoice where={where.where} onChange={where.setWhere} paired={where.paired} tooLarge={where.tooLarge} disabled={busy} />
      {where.where === 'computer' ? (
        <MergeOnComputer picked={[...clips.map((c) => c.file), ...pickedForComputer]} />
      ) : (
        <>
          {reading > 0 && <Spinner size="small" label={t('tools.video.merge.reading')} />}
          {problem && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{problem}</MessageBarBody>
            </MessageBar>
          )}
          {clips.length === 0 ? (
            <Text data-testid="merge-empty">{t('tools.video.merge.empty')}</Text>
          ) : (
            <ClipList clips={clips} onChange={setClips} disabled={busy} />
          )}
          {plan && (
            <>
              <Switch checked={random} onChange={(_, d) => setRandom(d.checked)} label={t('tools.video.merge.random')} />
              <Text size={200} data-testid="merge-method">
                {t(plan.copy ? 'tools.video.merge.byCopy' : 'tools.video.merge.byEncode')}
              </Text>
              {!plan.copy && target && <MergeTargetForm clips={clips} blocker={plan.blocker} target={target} onChange={setTarget} disabled={busy} />}
            </>
          )}
          <div className={styles.row}>
            <Button appearance="primary" disabled={!plan || busy || reading > 0} onClick={submit} data-testid="merge-run">
              {t('tools.video.merge.run', { count: clips.length })}
            </Button>
          </div>
          <JobStatus state={job.state} onCancel={job.cancel} />
        </>
      )}
    </PageContainer>
  );
}
