import { Button, Field, Input, Radio, RadioGroup } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { updateUserRequestSchema, type UserInfo } from '@contracts/user';
import { fieldMessage, serverFieldErrors, validate, type FieldErrors } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { setUserInfo } from '../../../lib/session';
import { updateUser } from '../api';
import { useFormStyles } from './form-styles';

type Values = { email: string; name: string; phone: string; gender: 'male' | 'female' | null; birthday: string };

/** Edit name, phone, gender, birthday and e-mail (required); the user id cannot change. */
export function ProfileForm({ user, onDone }: { user: UserInfo; onDone: () => void }) {
  const styles = useFormStyles();
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>({
    email: user.email,
    name: user.name,
    phone: user.phone,
    gender: user.gender,
    birthday: user.birthday,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (field: Exclude<keyof Values, 'gender'>) => (_e: unknown, data: { value: string }) =>
    setValues((v) => ({ ...v, [field]: data.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = validate(updateUserRequestSchema, values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      setUserInfo(await updateUser(checked.data));
      notify('success', t('profile.account.saved'));
      onDone();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('profile.account.edit')}>
      <Field label={t('profile.fields.userId')}>
        <Input name="userId" value={user.userId} readOnly />
      </Field>
      <Field label={t('profile.fields.email')} required validationMessage={fieldMessage(t, errors.email)}>
        <Input name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} />
      </Field>
      <Field label={t('profile.fields.name')} validationMessage={fieldMessage(t, errors.name)}>
        <Input name="name" autoComplete="nickname" value={values.name} onChange={set('name')} />
      </Field>
      <Field label={t('profile.fields.phone')} validationMessage={fieldMessage(t, errors.phone)}>
        <Input name="phone" type="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} />
      </Field>
      <Field label={t('profile.fields.gender')} validationMessage={fieldMessage(t, errors.gender)}>
        <RadioGroup
          layout="horizontal"
          value={values.gender ?? ''}
          onChange={(_e, data) => setValues((v) => ({ ...v, gender: data.value === 'female' ? 'female' : 'male' }))}
        >
          <Radio value="male" label={t('profile.account.genders.male')} />
          <Radio value="female" label={t('profile.account.genders.female')} />
        </RadioGroup>
      </Field>
      <Field label={t('profile.fields.birthday')} validationMessage={fieldMessage(t, errors.birthday)}>
        <Input name="birthday" type="date" value={values.birthday} onChange={set('birthday')} max={new Date().toISOString().slice(0, 10)} />
      </Field>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabledFocusable={busy}>
          {t('common.actions.save')}
        </Button>
        <Button type="button" onClick={onDone}>
          {t('common.actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
