import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ErrorCode } from '@contracts/error-codes';
import { loginRequestSchema } from '@contracts/user';
import { isApiError } from '../../../lib/api-client';
import { TextLink } from '../../../lib/components/router-link';
import { fieldMessage, serverFieldErrors, validate, type FieldErrors } from '../../../lib/forms';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { notify } from '../../../lib/notify';
import { getLogId, setUserInfo } from '../../../lib/session';
import { login } from '../api';
import { useLoginLogId } from '../hooks/use-login-log-id';
import { useRedirectTarget } from '../hooks/use-redirect-target';
import { useAuthStyles } from './auth-styles';
import { GoogleError } from './google-error';
import { GoogleSignIn } from './google-sign-in';

/** /login: user id or e-mail and password; afterwards back to `redirect`. */
export function LoginPage() {
  const styles = useAuthStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const redirect = useRedirectTarget();
  useLoginLogId(redirect);
  useDocumentTitle(t('auth.login.title'));
  const [values, setValues] = useState({ userId: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof typeof values) => (_e: unknown, data: { value: string }) => setValues((v) => ({ ...v, [field]: data.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const checked = validate(loginRequestSchema, { ...values, logId: getLogId() ?? undefined });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      const user = await login(checked.data);
      setUserInfo(user);
      notify('success', t('auth.login.welcome', { name: user.name || user.userId }));
      void navigate(redirect, { replace: true });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      else if (isApiError(error, ErrorCode.BAD_CREDENTIALS)) setFormError(t('errors.40101'));
      else if (isApiError(error, ErrorCode.TOO_MANY_ATTEMPTS)) setFormError(t('errors.42901'));
      else if (isApiError(error, ErrorCode.ACCOUNT_DISABLED)) setFormError(t('errors.40304'));
    } finally {
      setBusy(false);
    }
  };

  const registerLink = redirect === '/' ? '/register' : `/register?redirect=${encodeURIComponent(redirect)}`;
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="login-title">
      <div>
        <Text as="h2" id="login-title" size={700} weight="bold" className={styles.title}>
          {t('auth.login.title')}
        </Text>
        <Text className={styles.subtitle}>{t('auth.login.subtitle')}</Text>
      </div>
      <GoogleError />
      {formError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{formError}</MessageBarBody>
        </MessageBar>
      )}
      <Field label={t('auth.fields.userIdOrEmail')} required validationMessage={fieldMessage(t, errors.userId)}>
        <Input name="userId" autoComplete="username" value={values.userId} onChange={set('userId')} />
      </Field>
      <Field label={t('auth.fields.password')} required validationMessage={fieldMessage(t, errors.password)}>
        <Input name="password" type="password" autoComplete="current-password" value={values.password} onChange={set('password')} />
      </Field>
      <Button type="submit" appearance="primary" size="large" className={styles.submit} disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
        {t('auth.login.submit')}
      </Button>
      <GoogleSignIn redirect={redirect} />
      <Text className={styles.switch}>
        {t('auth.login.noAccount')} <TextLink to={registerLink}>{t('auth.login.toRegister')}</TextLink>
      </Text>
    </form>
  );
}
