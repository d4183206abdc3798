import { Button, Divider } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { GOOGLE_START_PATH } from '@contracts/google-sign-in';
import { clearSession } from '../../../lib/session';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';
import { useAuthStyles } from './auth-styles';

/**
 * "Continue with Google" under the login and register forms, only when the server has Google
 * configured. A plain link (a full navigation): the API answers with a redirect to Google.
 */
export function GoogleSignIn({ redirect }: { redirect: string }) {
  const styles = useAuthStyles();
  const { t } = useTranslation();
  const enabled = useGoogleSignIn();
  if (!enabled) return null;
  return (
    <>
      <Divider>{t('auth.google.or')}</Divider>
      <Button
        as="a"
        href={`${GOOGLE_START_PATH}?redirect=${encodeURIComponent(redirect)}`}
        appearance="outline"
        size="large"
        className={styles.submit}
        // Whatever user a stale copy names, the one Google signs in is read afresh on the way back.
        onClick={() => clearSession()}
      >
        {t('auth.google.button')}
      </Button>
    </>
  );
}
