import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { googleSignInErrorSchema } from '@contracts/google-sign-in';

/** Why a Google sign-in came back to /login (`?error=…` from the API's callback); nothing for other values. */
export function GoogleError() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const parsed = googleSignInErrorSchema.safeParse(params.get('error'));
  if (!parsed.success) return null;
  return (
    <MessageBar intent={parsed.data === 'denied' ? 'warning' : 'error'} role="alert">
      <MessageBarBody>{t(`auth.google.errors.${parsed.data}`)}</MessageBarBody>
    </MessageBar>
  );
}
