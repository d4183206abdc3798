import { makeStyles, MessageBar, MessageBarBody, Spinner, Tab, TabList, Text } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { HelperJobRequest } from '@contracts/local-helper';
import { helperJobs } from '../../../lib/local-helper-jobs';
import { formatDuration, helperErrorText } from '../../../lib/local-helper-text';
import { ComputerCropForm, ComputerFramesForm, ComputerSplitForm, ComputerTrimForm, type ComputerFormProps } from './computer-forms';
import { HelperFileSelect } from './helper-file-select';
import { HelperJobStatus } from './helper-job-status';
import { useHelperFiles, matchPicked } from './use-helper-files';
import { useHelperJob } from './use-helper-job';

type Op = 'trim' | 'split' | 'crop' | 'frames';
const OPS: readonly Op[] = ['trim', 'split', 'crop', 'frames'];
const FORMS: Record<Op, (p: ComputerFormProps) => React.JSX.Element> = { trim: ComputerTrimForm, split: ComputerSplitForm, crop: ComputerCropForm, frames: ComputerFramesForm };

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: '12px', maxWidth: '720px' },
});

/**
 * The cropping panel's operations run by the helper's ffmpeg on a file in its base path. A file
 * the user picked in the browser is chosen here when the base path has it (same name and size).
 */
export function CroppingOnComputer({ picked }: { picked: File | null }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const files = useHelperFiles(true);
  const [path, setPath] = useState('');
  const [op, setOp] = useState<Op>('trim');
  const job = useHelperJob('cropping');
  const match = picked ? matchPicked(files.list, picked) : null;
  useEffect(() => {
    if (match) setPath(match);
  }, [match]);
  const probe = useSWR(path ? ['local-helper:probe', path] : null, () => helperJobs.probe(path), { revalidateOnFocus: false, shouldRetryOnError: false });
  const busy = job.state.status === 'running';
  useEffect(() => {
    if (job.state.status === 'done') files.refresh();
  }, [job.state.status]); // eslint-disable-line react-hooks/exhaustive-deps -- refresh once per finished job
  const run = (request: HelperJobRequest, subject: string) => void job.start(request, subject);
  const info = probe.data;
  const Form = FORMS[op];

  return (
    <div className={styles.box} data-testid="on-computer">
      {picked && files.list && !match && (
        <MessageBar intent="warning" layout="multiline" data-testid="helper-not-in-folder">
          <MessageBarBody>{t('videoOnComputer.notInFolder', { name: picked.name, folder: files.list.basePath })}</MessageBarBody>
        </MessageBar>
      )}
      <HelperFileSelect list={files.list} value={path} onChange={(p) => (setPath(p), job.reset())} disabled={busy} />
      {files.error !== undefined && <Text role="alert">{helperErrorText(t, files.error)}</Text>}
      {probe.isLoading && <Spinner size="small" label={t('videoOnComputer.reading')} />}
      {probe.error !== undefined && <Text role="alert">{helperErrorText(t, probe.error)}</Text>}
      {info && (
        <>
          <Text size={200} data-testid="helper-file-info">
            {t('videoOnComputer.info', { duration: formatDuration(info.duration), width: info.video?.width ?? 0, height: info.video?.height ?? 0, codec: info.video?.codec ?? '' })}
          </Text>
          <TabList selectedValue={op} onTabSelect={(_, d) => setOp(d.value as Op)} aria-label={t('videoOnComputer.operations')}>
            {OPS.map((o) => (
              <Tab key={o} value={o} data-testid={`pc-op-${o}`}>
                {t(`tools.video.crop.ops.${o}`)}
              </Tab>
            ))}
          </TabList>
          <Form key={`${path}-${op}`} file={path} info={info} busy={busy} run={run} />
        </>
      )}
      <HelperJobStatus state={job.state} onCancel={job.cancel} />
    </div>
  );
}
