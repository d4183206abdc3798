import { Badge, makeStyles, ProgressBar } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConvertTask } from '../atoms';
import { isExpired } from '../download';
import { taskErrorText } from '../task-error-text';
import { recognisedSummary } from '../recognised-pages';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '6px', minWidth: 0 },
  bar: { alignSelf: 'stretch' },
  line: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  reason: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 },
  note: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 },
});

const percent = (p: number | undefined) => Math.round((p ?? 0) * 100);

/** Seconds until the server's queue is asked again, ticking. */
function useCountdown(until: number | undefined): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}

/** Waiting → uploading/converting with progress → done, or failed with the reason. */
export function TaskStatus({ task }: { task: ConvertTask }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const retryIn = useCountdown(task.retryAt);
  const label = `convert.status.${task.status}`;

  if (task.status === 'waiting') return <Badge appearance="tint" color="informative">{t(label)}</Badge>;
  if (task.status === 'success') {
    const expired = isExpired(task);
    const recognised = recognisedSummary(task.result?.recognised ?? []);
    return (
      <div className={styles.root}>
        <div className={styles.line}>
          <Badge appearance="tint" color={expired ? 'subtle' : 'success'}>{t(expired ? 'convert.status.expired' : label)}</Badge>
          <span className={styles.note}>{task.result?.name}</span>
        </div>
        {recognised && (
          <span className={styles.note} data-testid="task-recognised">
            {t('convert.status.recognised', recognised)}
          </span>
        )}
      </div>
    );
  }
  if (task.status === 'failed') {
    return (
      <div className={styles.root}>
        <Badge appearance="tint" color="danger">{t(label)}</Badge>
        <span className={styles.reason} data-testid="task-reason">
          {task.error ? taskErrorText(t, i18n, task.error) : t('convert.reasons.failed')}
        </span>
      </div>
    );
  }
  const known = task.progress !== undefined;
  const text = known ? t(`${label}Percent`, { percent: percent(task.progress) }) : t(label);
  return (
    <div className={styles.root}>
      <span className={styles.note}>{retryIn > 0 ? t('convert.status.queueFull', { seconds: retryIn }) : text}</span>
      <ProgressBar
        className={styles.bar}
        value={known ? task.progress : undefined}
        thickness="large"
        color="brand"
        aria-label={text}
        data-testid={`progress-${task.status}`}
      />
    </div>
  );
}
