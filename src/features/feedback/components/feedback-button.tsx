import { Button, makeStyles, useRestoreFocusTarget } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { PersonFeedbackRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { MEDIA } from '../../../lib/constants';

const useStyles = makeStyles({
  fab: {
    position: 'fixed',
    right: '24px',
    bottom: '24px',
    zIndex: 90,
    boxShadow: tokens.shadow16,
    [MEDIA.belowSm]: { right: '16px', bottom: '16px', minWidth: '48px', height: '48px', padding: 0 },
  },
  label: { [MEDIA.belowSm]: { display: 'none' } },
});

/** The floating feedback button: icon and label, icon only on phones (its name stays for screen readers). */
export function FeedbackButton({ onClick }: { onClick: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  // The form opens without a DialogTrigger: this marks where focus goes back when it closes.
  const restoreFocus = useRestoreFocusTarget();
  return (
    <Button
      {...restoreFocus}
      className={styles.fab}
      appearance="primary"
      shape="circular"
      size="large"
      icon={<PersonFeedbackRegular />}
      aria-label={t('feedback.button')}
      onClick={onClick}
      data-testid="feedback-button"
    >
      <span className={styles.label}>{t('feedback.button')}</span>
    </Button>
  );
}
