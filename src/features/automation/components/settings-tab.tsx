import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, Text, Textarea, Title3 } from '@fluentui/react-components';
import { DeleteRegular, SaveRegular } from '@fluentui/react-icons';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { ALLOW_LIST_PATH, CREDENTIALS_PATH, deleteCredential, fetchJson, saveAllowList, saveCredential, type AllowList } from '../api';
import { failureText } from '../failure-text';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', paddingTop: '12px', maxWidth: '640px' },
  form: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
});

type Notice = { intent: 'success' | 'error'; text: string } | null;

/** The allow-list of target hosts and the credentials (write-only: only names come back). */
export function SettingsTab() {
  const styles = useStyles();
  const { t } = useTranslation();
  const allow = useSWR<AllowList, Error>(ALLOW_LIST_PATH, fetchJson);
  const creds = useSWR<{ credentialId: string; name: string }[], Error>(CREDENTIALS_PATH, fetchJson);
  const [hosts, setHosts] = useState('');
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  useEffect(() => {
    if (allow.data) setHosts(allow.data.hosts.join('\n'));
  }, [allow.data]);

  const saveHosts = async () => {
    setNotice(null);
    try {
      await allow.mutate(await saveAllowList(hosts.split(/[\s,]+/).map((h) => h.trim()).filter(Boolean)));
      setNotice({ intent: 'success', text: t('automation.settings.saved') });
    } catch (err) {
      setNotice({ intent: 'error', text: failureText(err) });
    }
  };
  const addCredential = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    try {
      await creds.mutate(await saveCredential(name.trim(), value));
      setName('');
      setValue('');
    } catch (err) {
      setNotice({ intent: 'error', text: failureText(err) });
    }
  };

  return (
    <div className={styles.root}>
      <Title3 as="h2">{t('automation.settings.allowTitle')}</Title3>
      <Text>{t('automation.settings.allowHelp')}</Text>
      <Field label={t('automation.settings.hosts')}>
        <Textarea value={hosts} rows={4} onChange={(_e, d) => setHosts(d.value)} />
      </Field>
      <div>
        <Button appearance="primary" icon={<SaveRegular />} onClick={() => void saveHosts()}>
          {t('automation.settings.saveHosts')}
        </Button>
      </div>
      {notice && (
        <MessageBar intent={notice.intent} role={notice.intent === 'error' ? 'alert' : 'status'}>
          <MessageBarBody>{notice.text}</MessageBarBody>
        </MessageBar>
      )}
      <Title3 as="h2">{t('automation.settings.credentialsTitle')}</Title3>
      <Text>{t('automation.settings.credentialsHelp', { example: '{{secret:name}}' })}</Text>
      <form className={styles.form} onSubmit={(e) => void addCredential(e)}>
        <Field label={t('automation.settings.credentialName')}>
          <Input value={name} maxLength={40} onChange={(_e, d) => setName(d.value)} />
        </Field>
        <Field label={t('automation.settings.credentialValue')}>
          <Input type="password" autoComplete="new-password" value={value} onChange={(_e, d) => setValue(d.value)} />
        </Field>
        <Button type="submit" disabled={name.trim() === '' || value === ''}>
          {t('automation.settings.addCredential')}
        </Button>
      </form>
      {creds.data?.length === 0 && <Text>{t('automation.settings.noCredentials')}</Text>}
      <ul aria-label={t('automation.settings.credentialsTitle')}>
        {creds.data?.map((c) => (
          <li key={c.credentialId}>
            <code>{`{{secret:${c.name}}}`}</code>{' '}
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('automation.settings.removeCredential', { name: c.name })} onClick={() => void deleteCredential(c.credentialId).then(() => creds.mutate())} />
          </li>
        ))}
      </ul>
    </div>
  );
}
