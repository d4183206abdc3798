import { Badge, makeStyles, Text, Title3 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { DownloadState } from '@contracts/local-helper';
import { formatBytes } from '../../../lib/local-helper-text';
import { tokens } from '../../../lib/tokens';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  item: { display: 'flex', flexDirection: 'column', gap: '2px', padding: '10px 12px', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground2 },
  head: { display: 'flex', gap: '8px', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' },
  name: { overflowWrap: 'anywhere', fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

const COLOR = { running: 'brand', succeeded: 'success', failed: 'danger', cancelled: 'subtle' } as const;

/** Downloads finished since the helper started (the helper keeps them; newest first). */
export function DownloadHistory({ history }: { history: DownloadState[] }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="download-history">
      <Title3 as="h2" id="download-history">
        {t('videoHelper.download.historyHeading')}
      </Title3>
      {history.length === 0 ? (
        <Text as="p" className={styles.muted}>
          {t('videoHelper.download.historyEmpty')}
        </Text>
      ) : (
        <ul className={styles.list} data-testid="download-history">
          {history.map((d) => (
            <li key={d.downloadId} className={styles.item}>
              <div className={styles.head}>
                <Text className={styles.name}>{d.fileName ?? d.url}</Text>
                <Badge appearance="tint" color={COLOR[d.state]}>
                  {t(`videoHelper.download.states.${d.state}`)}
                </Badge>
              </div>
              {d.state === 'succeeded' && d.filePath && (
                <Text size={200} className={styles.muted}>
                  {t('videoHelper.download.savedTo', { path: d.filePath })} · {formatBytes(d.receivedBytes)}
                </Text>
              )}
              {d.state === 'failed' && d.error && (
                <Text size={200} className={styles.muted}>
                  {t(d.error)}
                </Text>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
