import { Button, makeStyles, Tooltip } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { ArrowClockwiseRegular, ArrowDownloadRegular, CloudRegular, DeleteRegular, LaptopRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { extensionOf, groupOfExtension, GROUP_ICONS } from '@contracts/convert-catalogue';
import { MEDIA } from '../../../lib/constants';
import type { ConvertTask } from '../atoms';
import { formatBytes } from '../card-text';
import { downloadTask, isExpired } from '../download';
import { deleteTasks, retryTask } from '../task-runner';
import { FormatIcon } from './format-icon';
import { TaskStatus } from './task-status';

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1.4fr) minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: '14px',
    padding: '14px 16px',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    [MEDIA.belowSm]: { gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '10px 12px', padding: '12px' },
  },
  info: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  name: { fontWeight: tokens.fontWeightSemibold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  meta: { display: 'flex', alignItems: 'center', gap: '4px', flexWrap: 'wrap', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  where: { display: 'inline-flex', alignItems: 'center', gap: '4px' },
  status: { [MEDIA.belowSm]: { gridColumn: '1 / -1' } },
  actions: { display: 'flex', gap: '6px', justifyContent: 'flex-end', [MEDIA.belowSm]: { gridColumn: '1 / -1', justifyContent: 'flex-start' } },
});

/** One file: name, size, where it runs, its status, and what can be done with it now. */
export function TaskRow({ task }: { task: ConvertTask }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const onDevice = task.engine === 'browser';
  const canDownload = task.status === 'success' && !isExpired(task);
  return (
    <li className={styles.row} data-testid="convert-task" data-status={task.status} data-engine={task.engine}>
      <FormatIcon icon={GROUP_ICONS[groupOfExtension(extensionOf(task.name))]} size="small" />
      <div className={styles.info}>
        <span className={styles.name} title={task.name}>
          {task.name}
        </span>
        <span className={styles.meta}>
          <span>{formatBytes(task.size)}</span>
          <span aria-hidden>·</span>
          <span className={styles.where} data-testid="task-engine">
            {onDevice ? <LaptopRegular aria-hidden /> : <CloudRegular aria-hidden />}
            {t(onDevice ? 'convert.engine.browser' : 'convert.engine.server')}
          </span>
        </span>
      </div>
      <div className={styles.status} aria-live="polite">
        <TaskStatus task={task} />
      </div>
      <div className={styles.actions}>
        {canDownload && (
          <Button appearance="primary" size="small" icon={<ArrowDownloadRegular />} onClick={() => downloadTask(task)} aria-label={t('convert.actions.downloadFile', { name: task.result?.name })}>
            {t('convert.actions.download')}
          </Button>
        )}
        {task.status === 'failed' && task.file && (
          <Button size="small" icon={<ArrowClockwiseRegular />} onClick={() => retryTask(task.id)} aria-label={t('convert.actions.reconvertFile', { name: task.name })}>
            {t('convert.actions.reconvert')}
          </Button>
        )}
        <Tooltip content={t('convert.actions.delete')} relationship="description" withArrow>
          <Button
            size="small"
            appearance="subtle"
            icon={<DeleteRegular />}
            aria-label={t('convert.actions.deleteFile', { name: task.name })}
            onClick={() => deleteTasks([task.id])}
          />
        </Tooltip>
      </div>
    </li>
  );
}
