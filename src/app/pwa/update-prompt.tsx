import { Button, makeStyles, Text } from '@fluentui/react-components';
import { tokens } from '../../lib/tokens';
import { ArrowSyncCircleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { MEDIA } from '../../lib/constants';

const useStyles = makeStyles({
  card: {
    position: 'fixed',
    right: '20px',
    bottom: '20px',
    zIndex: 1000,
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    maxWidth: '420px',
    padding: '14px 16px',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow28,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    [MEDIA.belowSm]: { left: '12px', right: '12px', bottom: '12px' },
  },
  icon: { fontSize: '28px', color: tokens.colorBrandForeground1, flexShrink: 0 },
  text: { flexGrow: 1 },
  actions: { display: 'flex', gap: '8px', flexShrink: 0 },
});

/** "A new version is available — reload" */
export function UpdatePrompt({ onReload, onDismiss }: { onReload: () => void; onDismiss: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.card} role="alertdialog" aria-labelledby="pwa-update-text">
      <ArrowSyncCircleRegular className={styles.icon} aria-hidden />
      <Text id="pwa-update-text" className={styles.text}>
        {t('common.pwa.updateAvailable')}
      </Text>
      <div className={styles.actions}>
        <Button appearance="primary" size="small" onClick={onReload}>
          {t('common.pwa.reload')}
        </Button>
        <Button appearance="subtle" size="small" onClick={onDismiss}>
          {t('common.pwa.later')}
        </Button>
      </div>
    </div>
  );
}
