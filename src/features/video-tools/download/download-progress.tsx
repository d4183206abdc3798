import { Badge, Button, makeStyles, ProgressBar, Text } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { DownloadState } from '@contracts/local-helper';
import { formatBytes } from '../../../lib/local-helper-text';
import { tokens } from '../../../lib/tokens';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: '6px', padding: '14px', borderRadius: tokens.borderRadiusLarge, border: `1px solid ${tokens.colorBrandStroke2}` },
  head: { display: 'flex', gap: '8px', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' },
  name: { overflowWrap: 'anywhere', fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The running download: name, bytes, a progress bar (indeterminate when the size is unknown) and Cancel. */
export function DownloadProgress({ download, onCancel, cancelling }: { download: DownloadState; onCancel: () => void; cancelling: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const received = formatBytes(download.receivedBytes);
  return (
    <div className={styles.box} aria-live="polite" data-testid="current-download">
      <div className={styles.head}>
        <Text className={styles.name}>{download.fileName ?? download.url}</Text>
        <Badge appearance="tint" color="brand">
          {t('videoHelper.download.states.running')}
          {download.method ? ` · ${t(`videoHelper.download.methods.${download.method}`)}` : ''}
        </Badge>
      </div>
      <ProgressBar value={download.progress ?? undefined} thickness="large" aria-label={t('videoHelper.youtube.progressLabel')} />
      <div className={styles.head}>
        <Text size={200} className={styles.muted}>
          {download.totalBytes ? t('videoHelper.download.received', { received, total: formatBytes(download.totalBytes) }) : t('videoHelper.download.receivedUnknown', { received })}
          {download.progress !== null ? ` · ${Math.round(download.progress * 100)}%` : ''}
        </Text>
        <Button icon={<DismissRegular />} onClick={onCancel} disabled={cancelling}>
          {t('videoHelper.download.cancel')}
        </Button>
      </div>
    </div>
  );
}
