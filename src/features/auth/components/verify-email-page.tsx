import { Button, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { verifyResultSchema, type VerifyResult } from '@contracts/user';
import { TextLink } from '../../../lib/components/router-link';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useResendVerification } from '../hooks/use-resend-verification';
import { useAuthStyles } from './auth-styles';

const INTENT: Record<VerifyResult, 'success' | 'info' | 'warning' | 'error'> = { ok: 'success', done: 'info', expired: 'warning', invalid: 'error' };

/** /verify-email?result=…: where the mailed link lands after GET /api/v1/user/verify. */
export function VerifyEmailPage() {
  const styles = useAuthStyles();
  const { t } = useTranslation();
  useDocumentTitle(t('auth.verify.title'));
  const [params] = useSearchParams();
  const parsed = verifyResultSchema.safeParse(params.get('result'));
  const result: VerifyResult = parsed.success ? parsed.data : 'invalid';
  const { busy, resend } = useResendVerification();

  return (
    <div className={styles.form} aria-labelledby="verify-title">
      <Text as="h2" id="verify-title" size={700} weight="bold" className={styles.title}>
        {t('auth.verify.title')}
      </Text>
      <MessageBar intent={INTENT[result]} role="status">
        <MessageBarBody>{t(`auth.verify.${result}`)}</MessageBarBody>
      </MessageBar>
      {result === 'expired' && (
        <Button appearance="primary" disabledFocusable={busy} onClick={() => void resend()}>
          {t('auth.register.resend')}
        </Button>
      )}
      <TextLink to="/">{t('auth.verify.toHome')}</TextLink>
    </div>
  );
}
