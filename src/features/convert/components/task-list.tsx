import { Button, makeStyles, Spinner, Text } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { FolderZipRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { MEDIA } from '../../../lib/constants';
import type { ConvertTask } from '../atoms';
import { downloadZip, isExpired } from '../download';
import { deleteTasks } from '../task-runner';
import { ClearAllDialog } from './clear-all-dialog';
import { TaskRow } from './task-row';

const useStyles = makeStyles({
  panel: { backgroundColor: tokens.colorNeutralBackground1, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusXLarge, boxShadow: tokens.shadow4 },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '12px',
    flexWrap: 'wrap',
    padding: '12px 16px',
    [MEDIA.belowSm]: { padding: '12px' },
  },
  titles: { display: 'flex', flexDirection: 'column' },
  summary: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
  list: { listStyle: 'none', margin: 0, padding: 0 },
});

const ACTIVE = new Set<ConvertTask['status']>(['waiting', 'uploading', 'converting']);

/** The page's files, newest last, with "download all as zip" and "clear all". */
export function TaskList({ tasks, zipName }: { tasks: readonly ConvertTask[]; zipName: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [zipping, setZipping] = useState(false);
  const done = tasks.filter((task) => task.status === 'success' && !isExpired(task));
  const busy = tasks.some((task) => ACTIVE.has(task.status));

  const onZip = async () => {
    setZipping(true);
    try {
      await downloadZip(done, zipName);
    } catch {
      notify('error', t('convert.zip.failed'));
    } finally {
      setZipping(false);
    }
  };

  if (tasks.length === 0) return null;
  return (
    <section className={styles.panel} aria-labelledby="convert-tasks-title">
      <div className={styles.head}>
        <div className={styles.titles}>
          <Text as="h2" id="convert-tasks-title" size={500} weight="semibold">
            {t('convert.tasks.title', { count: tasks.length })}
          </Text>
          <Text size={200} className={styles.summary} aria-live="polite" data-testid="convert-summary">
            {t('convert.tasks.summary', { done: done.length, total: tasks.length })}
          </Text>
        </div>
        <div className={styles.actions}>
          <Button
            icon={zipping ? <Spinner size="tiny" /> : <FolderZipRegular />}
            disabled={done.length === 0 || zipping}
            onClick={() => void onZip()}
          >
            {t(zipping ? 'convert.zip.building' : 'convert.actions.downloadAll')}
          </Button>
          <ClearAllDialog count={tasks.length} busy={busy} onConfirm={() => deleteTasks(tasks.map((task) => task.id))} />
        </div>
      </div>
      <ul className={styles.list}>
        {tasks.map((task) => (
          <TaskRow key={task.id} task={task} />
        ))}
      </ul>
    </section>
  );
}
