import { Button, Field, Input, makeStyles } from '@fluentui/react-components';
import { GlobeRegular } from '@fluentui/react-icons';
import { readUrlRequestSchema, type ReadUrlResult } from '@contracts/ai-read';
import { ErrorCode } from '@contracts/error-codes';
import i18next from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { readUrl } from '../api';

const useStyles = makeStyles({
  form: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  field: { flexGrow: 1, minWidth: '220px' },
});

/** The server's localised reason (data.reasonKey or a validation key), or the code's text. */
function urlErrorText(err: unknown): string {
  if (!isApiError(err)) return i18next.t('errors.unknown');
  if (err.code === ErrorCode.NOT_LOGGED_IN) return i18next.t('reading.url.signIn');
  const data = (err.data ?? {}) as { reasonKey?: unknown; url?: unknown };
  for (const key of [data.reasonKey, data.url]) if (typeof key === 'string' && i18next.exists(key)) return i18next.t(key);
  return errorMessage(err);
}

/** Reads a web page through the server (public addresses only) into the reading view. */
export function UrlBox({ onRead }: { onRead: (url: string, result: ReadUrlResult) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = readUrlRequestSchema.safeParse({ url });
    if (!parsed.success) {
      setError(t('validation.urlInvalid'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      onRead(parsed.data.url, await readUrl(parsed.data.url));
    } catch (err) {
      setError(urlErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <Field className={styles.field} label={t('reading.url.label')} validationMessage={error || undefined} validationState={error ? 'error' : 'none'}>
        <Input type="url" value={url} onChange={(_, d) => setUrl(d.value)} placeholder={t('reading.url.placeholder')} contentBefore={<GlobeRegular />} />
      </Field>
      <Button type="submit" disabled={busy || !url.trim()}>
        {busy ? t('reading.url.reading') : t('reading.url.read')}
      </Button>
    </form>
  );
}
