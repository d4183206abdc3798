import { Button, makeStyles, MessageBar, MessageBarBody, ProgressBar, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuotaErrorNotice } from '../../../lib/components/quota-error-notice';
import { helperJobs } from '../../../lib/local-helper-jobs';
import { helperErrorText } from '../../../lib/local-helper-text';
import { tokens } from '../../../lib/tokens';
import type { HelperJobState } from './use-helper-job';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: '8px', marginTop: '12px' },
  row: { display: 'flex', gap: '12px', alignItems: 'center', flexWrap: 'wrap' },
  list: { margin: 0, paddingLeft: '20px', display: 'flex', flexDirection: 'column', gap: '4px' },
  path: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
});

const fileName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/** "Show in folder": the helper opens the file manager, or the page shows where the files are. */
function ShowInFolder({ path }: { path: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [shown, setShown] = useState<{ folder: string; opened: boolean } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const reveal = async () => {
    setProblem(null);
    try {
      setShown(await helperJobs.reveal(path));
    } catch (error) {
      setProblem(helperErrorText(t, error));
    }
  };
  return (
    <div className={styles.box}>
      <div>
        <Button onClick={() => void reveal()} data-testid="helper-show-folder">
          {t('videoOnComputer.showInFolder')}
        </Button>
      </div>
      {shown && (
        <Text size={200} data-testid="helper-folder">
          {t(shown.opened ? 'videoOnComputer.opened' : 'videoOnComputer.folderIs')} <span className={styles.path}>{shown.folder}</span>
        </Text>
      )}
      {problem && <Text role="alert">{problem}</Text>}
    </div>
  );
}

/** Progress with a cancel button while the helper works; then the files it wrote, or what went wrong. */
export function HelperJobStatus({ state, onCancel }: { state: HelperJobState; onCancel: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  if (state.status === 'idle') return null;
  if (state.status === 'running') {
    return (
      <div className={styles.box} data-testid="helper-job-running">
        <div className={styles.row}>
          <ProgressBar value={state.progress} max={1} aria-label={t('videoOnComputer.progress')} style={{ flex: 1, minWidth: '160px' }} />
          <Text size={200}>{Math.round(state.progress * 100)}%</Text>
          <Button onClick={onCancel} data-testid="helper-job-cancel">
            {t('videoOnComputer.cancel')}
          </Button>
        </div>
        <Text size={200}>{t('videoOnComputer.running')}</Text>
      </div>
    );
  }
  if (state.status === 'cancelled') return <Text className={styles.box}>{t('videoOnComputer.cancelled')}</Text>;
  if (state.status === 'failed') {
    if (state.failure.kind === 'quota') return <QuotaErrorNotice code={state.failure.code} />;
    return (
      <MessageBar intent="error" layout="multiline" role="alert" className={styles.box} data-testid="helper-job-error">
        <MessageBarBody>{t(state.failure.key)}</MessageBarBody>
      </MessageBar>
    );
  }
  const { job } = state;
  return (
    <div className={styles.box} data-testid="helper-job-done">
      <Text weight="semibold">{t('videoOnComputer.done', { count: job.files.length })}</Text>
      {job.copied !== null && <Text size={200}>{t(job.copied ? 'videoOnComputer.merge.copied' : 'videoOnComputer.merge.encoded')}</Text>}
      <ul className={styles.list} data-testid="helper-job-files">
        {job.files.slice(0, 50).map((f) => (
          <li key={f} className={styles.path} title={f}>
            {fileName(f)}
          </li>
        ))}
      </ul>
      {job.files.length > 50 && <Text size={200}>{t('videoOnComputer.more', { count: job.files.length - 50 })}</Text>}
      {job.files[0] && <ShowInFolder path={job.files[0]} />}
    </div>
  );
}
