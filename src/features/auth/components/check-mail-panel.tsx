import { Button, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useResendVerification } from '../hooks/use-resend-verification';
import { useAuthStyles } from './auth-styles';

/** Shown after registering while the address waits for its mailed link (SMTP configured): the trial comes with the link. */
export function CheckMailPanel({ email, onContinue }: { email: string; onContinue: () => void }) {
  const styles = useAuthStyles();
  const { t } = useTranslation();
  const { busy, resend } = useResendVerification();

  return (
    <div className={styles.form} aria-labelledby="check-mail-title">
      <Text as="h2" id="check-mail-title" size={700} weight="bold" className={styles.title}>
        {t('auth.register.checkMailTitle')}
      </Text>
      <MessageBar intent="info" role="status">
        <MessageBarBody>
          {t('auth.register.checkMail', { email })}
        </MessageBarBody>
      </MessageBar>
      <Button appearance="primary" size="large" className={styles.submit} onClick={onContinue}>
        {t('auth.register.continue')}
      </Button>
      <Button appearance="subtle" disabledFocusable={busy} onClick={() => void resend()}>
        {t('auth.register.resend')}
      </Button>
    </div>
  );
}
