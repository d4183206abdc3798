import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ErrorCode } from '@contracts/error-codes';
import { googleLinkRequestSchema, type GoogleLinkInfo } from '@contracts/google-sign-in';
import { isApiError } from '../../../lib/api-client';
import { TextLink } from '../../../lib/components/router-link';
import { fieldMessage, serverFieldErrors, validate, type FieldErrors } from '../../../lib/forms';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { safeRedirect } from '../../../lib/navigation';
import { notify } from '../../../lib/notify';
import { setUserInfo } from '../../../lib/session';
import { googleLinkInfo, linkGoogle } from '../api';
import { useAuthStyles } from './auth-styles';

/**
 * /google-link: Google vouched for an address that already has an account. The account is linked
 * (and signed in) only once its password is given here; the pending sign-in lives on the server
 * for ten minutes, bound to this browser.
 */
export function GoogleLinkPage() {
  const styles = useAuthStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('auth.google.link.title'));
  const [info, setInfo] = useState<GoogleLinkInfo | null>(null);
  const [expired, setExpired] = useState(false);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    googleLinkInfo()
      .then((pending) => {
        if (live) setInfo(pending);
      })
      .catch(() => {
        if (live) setExpired(true);
      });
    return () => {
      live = false;
    };
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const checked = validate(googleLinkRequestSchema, { password });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      const { redirect, ...user } = await linkGoogle(checked.data);
      setUserInfo(user);
      notify('success', t('auth.google.link.done'));
      void navigate(safeRedirect(redirect), { replace: true });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      else if (isApiError(error, ErrorCode.BAD_CREDENTIALS)) setFormError(t('auth.google.link.wrongPassword'));
      else if (isApiError(error, ErrorCode.TOO_MANY_ATTEMPTS)) setFormError(t('errors.42901'));
      else if (isApiError(error, ErrorCode.ACCOUNT_DISABLED)) setFormError(t('errors.40304'));
      else if (isApiError(error, ErrorCode.NOT_FOUND)) setExpired(true);
    } finally {
      setBusy(false);
    }
  };

  const heading = (
    <Text as="h2" id="google-link-title" size={700} weight="bold" className={styles.title}>
      {t('auth.google.link.title')}
    </Text>
  );
  if (expired) {
    return (
      <div className={styles.form} aria-labelledby="google-link-title">
        {heading}
        <MessageBar intent="warning" role="status">
          <MessageBarBody>{t('auth.google.link.expired')}</MessageBarBody>
        </MessageBar>
        <TextLink to="/login">{t('auth.google.link.restart')}</TextLink>
      </div>
    );
  }
  if (!info) return <Spinner aria-label={t('auth.google.link.title')} />;
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="google-link-title">
      <div>
        {heading}
        <Text className={styles.subtitle}>{t('auth.google.link.intro', { email: info.email })}</Text>
      </div>
      {formError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{formError}</MessageBarBody>
        </MessageBar>
      )}
      {/* The account's address, for password managers to pick the right entry. */}
      <input type="hidden" name="username" autoComplete="username" value={info.email} readOnly />
      <Field label={t('auth.fields.password')} required validationMessage={fieldMessage(t, errors.password)}>
        <Input name="password" type="password" autoComplete="current-password" value={password} onChange={(_e, data) => setPassword(data.value)} />
      </Field>
      <Button type="submit" appearance="primary" size="large" className={styles.submit} disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
        {t('auth.google.link.submit')}
      </Button>
      <Text className={styles.switch}>
        <TextLink to="/login">{t('auth.google.link.restart')}</TextLink>
      </Text>
    </form>
  );
}
