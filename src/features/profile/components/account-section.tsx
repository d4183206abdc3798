import { Button, makeStyles, Text } from '@fluentui/react-components';
import { tokens } from '../../../lib/tokens';
import { EditRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../lib/components/copy-button';
import { userInfoAtom } from '../../../lib/session';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

const useStyles = makeStyles({
  block: { marginBottom: '28px' },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: '12px' },
  list: { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '10px 24px', margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  note: { color: tokens.colorNeutralForeground3 },
});

/** Account info: view, edit, and change the password (not for Google sign-ins). */
export function AccountSection() {
  const styles = useStyles();
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  const empty = t('profile.account.notSet');
  const rows: Array<[string, string]> = [
    ['userId', user.userId],
    ['email', user.email],
    ['name', user.name || empty],
    ['phone', user.phone || empty],
    ['gender', user.gender ? t(`profile.account.genders.${user.gender}`) : empty],
    ['birthday', user.birthday || empty],
  ];
  return (
    <div>
      <section className={styles.block} aria-labelledby="account-info-title">
        <div className={styles.head}>
          <Text as="h3" id="account-info-title" size={500} weight="semibold">
            {t('profile.account.title')}
          </Text>
          {!editing && (
            <Button icon={<EditRegular />} onClick={() => setEditing(true)} data-testid="profile-edit">
              {t('profile.account.edit')}
            </Button>
          )}
        </div>
        {editing ? (
          <ProfileForm user={user} onDone={() => setEditing(false)} />
        ) : (
          <dl className={styles.list}>
            {rows.map(([field, value]) => (
              <div key={field} style={{ display: 'contents' }}>
                <dt className={styles.term}>{t(`profile.fields.${field}`)}</dt>
                <dd className={styles.value} data-field={field}>
                  {value}
                  {field === 'userId' && <CopyButton text={value} label={t('profile.fields.userId')} />}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section className={styles.block} aria-labelledby="password-title">
        <Text as="h3" id="password-title" size={500} weight="semibold" className={styles.head}>
          {t('profile.password.title')}
        </Text>
        {user.google ? <Text className={styles.note}>{t('profile.password.google')}</Text> : <PasswordForm />}
      </section>
    </div>
  );
}
