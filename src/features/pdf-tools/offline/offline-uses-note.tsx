import { makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ToolNote } from '../components/tool-layout';
import { useOfflineUses } from './use-offline-uses';

const useStyles = makeStyles({ root: { marginBottom: '16px' } });

/** "2 offline uses will be recorded when you are back online": shown only while some wait. */
export function OfflineUsesNote({ convertType }: { convertType: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const waiting = useOfflineUses(convertType);
  if (waiting === 0) return null;
  return (
    <div role="status" className={styles.root}>
      <ToolNote testId="pdf-offline-uses">{t('pdfTools.offline.waiting', { count: waiting })}</ToolNote>
    </div>
  );
}
