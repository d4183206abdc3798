import { Button, Checkbox, Field, Input, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ErrorCode } from '@contracts/error-codes';
import { registerRequestSchema } from '@contracts/user';
import { isApiError } from '../../../lib/api-client';
import { TextLink } from '../../../lib/components/router-link';
import { fieldMessage, serverFieldErrors, validate, type FieldErrors } from '../../../lib/forms';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { notify } from '../../../lib/notify';
import { setUserInfo } from '../../../lib/session';
import { register } from '../api';
import { CheckMailPanel } from './check-mail-panel';
import { useLoginLogId } from '../hooks/use-login-log-id';
import { useRedirectTarget } from '../hooks/use-redirect-target';
import { useUserIdAvailability } from '../hooks/use-user-id-availability';
import { useAuthStyles } from './auth-styles';
import { GoogleSignIn } from './google-sign-in';

type TextField = 'userId' | 'email' | 'name' | 'password';

/** /register: user id, e-mail, optional name, password and the terms agreement. */
export function RegisterPage() {
  const styles = useAuthStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const redirect = useRedirectTarget();
  useLoginLogId(redirect);
  useDocumentTitle(t('auth.register.title'));
  const [values, setValues] = useState({ userId: '', email: '', name: '', password: '' });
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The address a verification link was mailed to; the trial waits for it. */
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const availability = useUserIdAvailability();

  const set = (field: TextField) => (_e: unknown, data: { value: string }) => setValues((v) => ({ ...v, [field]: data.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const checked = validate(registerRequestSchema, { ...values, name: values.name.trim() || undefined, agree: agree || undefined });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      const user = await register(checked.data);
      setUserInfo(user);
      notify('success', t('auth.register.done'));
      if (user.emailVerificationPending) setMailedTo(user.email);
      else void navigate(redirect, { replace: true });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      else if (isApiError(error, ErrorCode.USER_TAKEN)) setErrors({ userId: 'errors.40901' });
      else if (isApiError(error, ErrorCode.TOO_MANY_ATTEMPTS)) setFormError(t('errors.42901'));
    } finally {
      setBusy(false);
    }
  };

  if (mailedTo) return <CheckMailPanel email={mailedTo} onContinue={() => void navigate(redirect, { replace: true })} />;

  const userIdError = errors.userId ?? (availability.taken ? 'errors.40901' : undefined);
  const loginLink = redirect === '/' ? '/login' : `/login?redirect=${encodeURIComponent(redirect)}`;
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="register-title">
      <div>
        <Text as="h2" id="register-title" size={700} weight="bold" className={styles.title}>
          {t('auth.register.title')}
        </Text>
        <Text className={styles.subtitle}>{t('auth.register.subtitle')}</Text>
      </div>
      {formError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{formError}</MessageBarBody>
        </MessageBar>
      )}
      <Field label={t('auth.fields.userId')} required validationMessage={fieldMessage(t, userIdError)} hint={t('auth.hints.userId')}>
        <Input name="userId" autoComplete="username" value={values.userId} onChange={set('userId')} onBlur={() => availability.check(values.userId)} />
      </Field>
      <Field label={t('auth.fields.email')} required validationMessage={fieldMessage(t, errors.email)}>
        <Input name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} />
      </Field>
      <Field label={t('auth.fields.name')} validationMessage={fieldMessage(t, errors.name)}>
        <Input name="name" autoComplete="nickname" value={values.name} onChange={set('name')} />
      </Field>
      <Field label={t('auth.fields.password')} required validationMessage={fieldMessage(t, errors.password)} hint={t('validation.passwordRule')}>
        <Input name="password" type="password" autoComplete="new-password" value={values.password} onChange={set('password')} />
      </Field>
      <Field validationMessage={fieldMessage(t, errors.agree)}>
        <Checkbox
          name="agree"
          checked={agree}
          onChange={(_e, data) => setAgree(data.checked === true)}
          label={
            <>
              {t('auth.register.agreePrefix')} <TextLink to="/terms">{t('auth.register.agreeLink')}</TextLink>
            </>
          }
        />
      </Field>
      <Button type="submit" appearance="primary" size="large" className={styles.submit} disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
        {t('auth.register.submit')}
      </Button>
      <GoogleSignIn redirect={redirect} />
      <Text className={styles.switch}>
        {t('auth.register.haveAccount')} <TextLink to={loginLink}>{t('auth.register.toLogin')}</TextLink>
      </Text>
    </form>
  );
}
