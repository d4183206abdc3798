import { Button, makeStyles, mergeClasses, MessageBar, MessageBarBody, ProgressBar } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { ArchiveRegular, DeleteRegular, DismissCircleRegular, SaveMultipleRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { imageItemsAtom } from '../atoms';
import { formatBytes, nameList } from '../format';
import { useRemoveImages } from '../hooks/use-add-images';
import { useBatchSave } from '../hooks/use-batch-save';
import { BatchFitNote } from './batch-fit-note';
import { usePanelStyles } from './styles';

const useStyles = makeStyles({
  bar: { display: 'flex', flexDirection: 'column', gap: '12px' },
  top: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '10px' },
  count: { fontWeight: tokens.fontWeightSemibold },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
  progress: { display: 'flex', alignItems: 'center', gap: '12px' },
  bar100: { flexGrow: 1 },
  // Fluent eases the width over 0.3 s: a relayout and repaint every frame, and with the pointer
  // over the page a hit test of the whole page each time, taken from the cores the workers use.
  steadyBar: { transitionProperty: 'none' },
});

/** Count and total size, remove all, save as files or zip; while saving, progress with count and cancel. */
export function BatchBar() {
  const styles = useStyles();
  const panel = usePanelStyles();
  const { t, i18n } = useTranslation();
  const items = useAtomValue(imageItemsAtom);
  const { removeAll } = useRemoveImages();
  const { batch, save, cancel } = useBatchSave();
  const running = batch.status === 'running';
  const total = items.reduce((sum, item) => sum + item.file.size, 0);
  const empty = items.length === 0;
  const failed = nameList(batch.failed);
  return (
    <div className={mergeClasses(panel.panel, styles.bar)}>
      <div className={styles.top}>
        <span className={styles.count} data-testid="image-count">
          {t('imageTools.grid.count', { count: items.length, size: formatBytes(total, i18n.language) })}
        </span>
        <div className={styles.buttons}>
          <Button icon={<DeleteRegular />} disabled={empty || running} onClick={removeAll}>
            {t('imageTools.grid.removeAll')}
          </Button>
          <Button icon={<SaveMultipleRegular />} disabled={empty || running} onClick={() => void save('files')}>
            {t('imageTools.actions.saveFiles')}
          </Button>
          <Button appearance="primary" icon={<ArchiveRegular />} disabled={empty || running} onClick={() => void save('zip')}>
            {t('imageTools.actions.saveZip')}
          </Button>
        </div>
      </div>
      {running && (
        <div className={styles.progress}>
          <ProgressBar
            className={styles.bar100}
            bar={{ className: styles.steadyBar }}
            value={batch.total ? batch.done / batch.total : 0}
            thickness="large"
            aria-label={t('imageTools.progress.label')}
            aria-valuetext={t('imageTools.progress.count', { done: batch.done, total: batch.total })}
          />
          <span data-testid="image-progress" aria-live="polite">
            {t('imageTools.progress.count', { done: batch.done, total: batch.total })}
          </span>
          <Button icon={<DismissCircleRegular />} onClick={cancel}>
            {t('imageTools.actions.cancel')}
          </Button>
        </div>
      )}
      {batch.status === 'done' && batch.failed.length < batch.total && (
        <MessageBar intent="success" data-testid="image-batch-done">
          <MessageBarBody>{t('imageTools.progress.done', { count: batch.total - batch.failed.length })}</MessageBarBody>
        </MessageBar>
      )}
      {batch.status === 'done' && batch.fits && batch.fits.length > 0 && <BatchFitNote fits={batch.fits} />}
      {batch.status === 'cancelled' && (
        <MessageBar intent="info">
          <MessageBarBody>{t('imageTools.progress.cancelled', { done: batch.done, total: batch.total })}</MessageBarBody>
        </MessageBar>
      )}
      {batch.failed.length > 0 && !running && (
        <MessageBar intent="error">
          <MessageBarBody>
            {t('imageTools.progress.failed', { names: failed.more ? t('imageTools.refused.more', { names: failed.names, count: failed.more }) : failed.names })}
          </MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
