import { Button, Field, Input, makeStyles, Spinner } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { feedAddSchema, type FeedAddResult } from '@contracts/video-subscriptions';
import { notify } from '../../../lib/notify';
import { addFeed } from './api';
import { addErrorText } from './texts';

const useStyles = makeStyles({
  form: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  field: { flexGrow: 1, minWidth: '240px' },
});

/** Subscribes to a feed: the server reads it once, so a bad or unreachable address is refused here with its reason. */
export function AddFeedForm({ onAdded }: { onAdded: (result: FeedAddResult) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!feedAddSchema.safeParse({ url }).success) {
      setError(t('validation.urlInvalid'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const result = await addFeed(url.trim());
      notify('success', t(result.created ? 'videoSubscribe.add.added' : 'videoSubscribe.add.already', { title: result.feed.title }));
      setUrl('');
      onAdded(result);
    } catch (err) {
      setError(addErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <Field
        className={styles.field}
        label={t('videoSubscribe.add.label')}
        hint={t('videoSubscribe.add.hint')}
        validationState={error ? 'error' : 'none'}
        validationMessage={error || undefined}
      >
        <Input type="url" value={url} placeholder={t('videoSubscribe.add.placeholder')} onChange={(_e, d) => setUrl(d.value)} disabled={busy} />
      </Field>
      <Button type="submit" appearance="primary" icon={busy ? <Spinner size="tiny" /> : <AddRegular />} disabled={busy || url.trim() === ''}>
        {busy ? t('videoSubscribe.add.adding') : t('videoSubscribe.add.submit')}
      </Button>
    </form>
  );
}
