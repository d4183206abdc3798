import { Button, makeStyles, Text } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../lib/tokens';
import { formatTime } from '../common/seconds';
import type { Clip } from './merge-plan';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '6px' },
  item: { display: 'flex', alignItems: 'center', gap: '8px', padding: '8px 10px', borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}`, flexWrap: 'wrap' },
  name: { flexGrow: 1, minWidth: '140px', overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground3 },
});

/** The clips in merge order; up/down buttons reorder (keyboard and touch alike), × removes. */
export function ClipList({ clips, onChange, disabled }: { clips: readonly Clip[]; onChange: (clips: Clip[]) => void; disabled: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const move = (i: number, by: number) => {
    const next = [...clips];
    const [c] = next.splice(i, 1);
    next.splice(i + by, 0, c!);
    onChange(next);
  };
  return (
    <ol className={styles.list} aria-label={t('tools.video.merge.order')} data-testid="merge-clips">
      {clips.map((c, i) => (
        <li key={c.id} className={styles.item}>
          <Text weight="semibold">{i + 1}.</Text>
          <Text className={styles.name}>{c.file.name}</Text>
          <Text size={200} className={styles.meta}>
            {formatTime(c.info.duration)} · {c.info.video?.width}×{c.info.video?.height} · {c.info.video?.codec}
          </Text>
          <Button size="small" icon={<ArrowUpRegular />} disabled={disabled || i === 0} onClick={() => move(i, -1)} aria-label={t('tools.video.merge.up', { name: c.file.name })} />
          <Button size="small" icon={<ArrowDownRegular />} disabled={disabled || i === clips.length - 1} onClick={() => move(i, 1)} aria-label={t('tools.video.merge.down', { name: c.file.name })} />
          <Button size="small" icon={<DismissRegular />} disabled={disabled} onClick={() => onChange(clips.filter((x) => x.id !== c.id))} aria-label={t('tools.video.merge.remove', { name: c.file.name })} />
        </li>
      ))}
    </ol>
  );
}
