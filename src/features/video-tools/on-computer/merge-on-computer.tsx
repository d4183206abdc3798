import { Button, Checkbox, makeStyles, Switch, Text } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, helperErrorText } from '../../../lib/local-helper-text';
import { HelperJobStatus } from './helper-job-status';
import { matchPicked, useHelperFiles } from './use-helper-files';
import { useHelperJob } from './use-helper-job';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: '12px' },
  list: { display: 'flex', flexDirection: 'column', gap: '2px', maxHeight: '320px', overflowY: 'auto' },
});

/**
 * The merge panel on the helper: clips of its base path, joined in the order they were ticked (or
 * shuffled); matching clips are copied, others normalised to the first one's size and frame rate.
 */
export function MergeOnComputer({ picked }: { picked: readonly File[] }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const files = useHelperFiles(true);
  const [order, setOrder] = useState<string[]>([]);
  const [random, setRandom] = useState(false);
  const job = useHelperJob('merge');
  const busy = job.state.status === 'running';
  // Files picked in the browser that the base path has are ticked for the user, in their order.
  const matches = picked.map((f) => matchPicked(files.list, f)).filter((p): p is string => p !== null);
  useEffect(() => {
    if (matches.length > 0) setOrder((prev) => [...prev, ...matches.filter((m) => !prev.includes(m))]);
  }, [matches.join('\n')]); // eslint-disable-line react-hooks/exhaustive-deps -- the paths, not the array's identity
  const toggle = (path: string, on: boolean) => setOrder((prev) => (on ? [...prev, path] : prev.filter((p) => p !== path)));
  const submit = () => void job.start({ kind: 'merge', params: { files: order, shuffle: random } }, `merge ${order.length} clips (computer)`);

  return (
    <div className={styles.box} data-testid="on-computer">
      <Text weight="semibold">{t('videoOnComputer.merge.pick', { folder: files.list?.basePath ?? '' })}</Text>
      {files.error !== undefined && <Text role="alert">{helperErrorText(t, files.error)}</Text>}
      {files.list?.files.length === 0 && <Text>{t('videoOnComputer.noFiles')}</Text>}
      <div className={styles.list} data-testid="helper-merge-files">
        {files.list?.files.map((f) => {
          const at = order.indexOf(f.path);
          return (
            <Checkbox
              key={f.path}
              checked={at >= 0}
              disabled={busy}
              onChange={(_, d) => toggle(f.path, d.checked === true)}
              label={at >= 0 ? `${at + 1}. ${f.path} (${formatBytes(f.size)})` : `${f.path} (${formatBytes(f.size)})`}
            />
          );
        })}
      </div>
      <Switch checked={random} onChange={(_, d) => setRandom(d.checked)} label={t('tools.video.merge.random')} />
      <Text size={200}>{t('videoOnComputer.merge.how')}</Text>
      <div>
        <Button appearance="primary" disabled={order.length < 2 || busy} onClick={submit} data-testid="pc-merge-run">
          {t('tools.video.merge.run', { count: order.length })}
        </Button>
      </div>
      <HelperJobStatus state={job.state} onCancel={job.cancel} />
    </div>
  );
}
