import { Button, Field, Input } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorCode } from '@contracts/error-codes';
import { passwordSchema } from '@contracts/user';
import { isApiError } from '../../../lib/api-client';
import { fieldMessage, serverFieldErrors, validate, type FieldErrors } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { setUserInfo } from '../../../lib/session';
import { updateUser } from '../api';
import { useFormStyles } from './form-styles';

const passwordChangeSchema = z
  .object({
    oldPwd: z.string().min(1, { error: 'validation.oldPasswordRequired' }),
    pwd: passwordSchema,
    confirm: z.string(),
  })
  .refine((v) => v.pwd === v.confirm, { error: 'validation.passwordMismatch', path: ['confirm'] });

const EMPTY = { oldPwd: '', pwd: '', confirm: '' };

/** Change password: old password plus a new one that meets the shared password rule. */
export function PasswordForm() {
  const styles = useFormStyles();
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof EMPTY) => (_e: unknown, data: { value: string }) => setValues((v) => ({ ...v, [field]: data.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = validate(passwordChangeSchema, values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      setUserInfo(await updateUser({ oldPwd: checked.data.oldPwd, pwd: checked.data.pwd }));
      setValues(EMPTY);
      notify('success', t('profile.password.changed'));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
      else if (isApiError(error, ErrorCode.BAD_CREDENTIALS)) setErrors({ oldPwd: 'profile.password.wrongOld' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('profile.password.title')}>
      <Field className={styles.full} label={t('profile.fields.oldPwd')} required validationMessage={fieldMessage(t, errors.oldPwd)}>
        <Input name="oldPwd" type="password" autoComplete="current-password" value={values.oldPwd} onChange={set('oldPwd')} />
      </Field>
      <Field label={t('profile.fields.pwd')} required validationMessage={fieldMessage(t, errors.pwd)} hint={t('validation.passwordRule')}>
        <Input name="pwd" type="password" autoComplete="new-password" value={values.pwd} onChange={set('pwd')} />
      </Field>
      <Field label={t('profile.fields.confirm')} required validationMessage={fieldMessage(t, errors.confirm)}>
        <Input name="confirm" type="password" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabledFocusable={busy}>
          {t('profile.password.submit')}
        </Button>
      </div>
    </form>
  );
}
