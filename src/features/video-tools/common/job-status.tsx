import { Button, Link, makeStyles, MessageBar, MessageBarBody, ProgressBar, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { QuotaErrorNotice } from '../../../lib/components/quota-error-notice';
import { tokens } from '../../../lib/tokens';
import type { JobMethod, JobState } from './use-video-job';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: '8px', marginTop: '12px' },
  row: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '4px' },
  size: { color: tokens.colorNeutralForeground3 },
});

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;
}

/** Which engine runs the job: the browser's own codecs (WebCodecs) or ffmpeg.wasm. */
function MethodNote({ method }: { method: JobMethod }) {
  const { t } = useTranslation();
  return (
    <Text size={200} data-testid="video-job-method" data-method={method}>
      {t(`tools.video.job.method.${method}`)}
    </Text>
  );
}

/** Progress with a cancel button while running; then the results (download links) or what went wrong. */
export function JobStatus({ state, onCancel }: { state: JobState; onCancel: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  if (state.status === 'idle') return null;
  if (state.status === 'running') {
    return (
      <div className={styles.box} aria-live="polite" data-testid="video-job-running">
        <ProgressBar value={state.progress} aria-label={t('tools.video.job.progress')} />
        <div className={styles.row}>
          <Text>{t('tools.video.job.running', { percent: Math.round(state.progress * 100) })}</Text>
          <Button onClick={onCancel}>{t('tools.video.job.cancel')}</Button>
        </div>
        <Text size={200}>{t('tools.video.job.onDevice')}</Text>
        {state.method && <MethodNote method={state.method} />}
      </div>
    );
  }
  if (state.status === 'cancelled') {
    return (
      <MessageBar className={styles.box} data-testid="video-job-cancelled">
        <MessageBarBody>{t('tools.video.job.cancelled')}</MessageBarBody>
      </MessageBar>
    );
  }
  if (state.status === 'failed') {
    const { failure } = state;
    if (failure.kind === 'quota') return <QuotaErrorNotice code={failure.code} />;
    return (
      <MessageBar intent="error" layout="multiline" role="alert" className={styles.box} data-testid="video-job-error">
        <MessageBarBody>{t(failure.key)}</MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <div className={styles.box} data-testid="video-job-done">
      <Text weight="semibold">{t('tools.video.job.done', { count: state.results.length })}</Text>
      {state.method && <MethodNote method={state.method} />}
      <ul className={styles.list}>
        {state.results.map((r) => (
          <li key={r.url}>
            <Link href={r.url} download={r.name} data-testid="video-result">
              {r.name}
            </Link>{' '}
            <span className={styles.size}>{formatBytes(r.size)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
