import { Button, Field, Input, Spinner, Text, Title3 } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { helperErrorText } from '../../../lib/local-helper-text';
import { localHelper } from '../../../lib/local-helper-client';
import { useConfigStyles } from './styles';

/** Pairing: the user types the code the helper printed in its window (docs/local-helper.md says why this way round). */
export function PairForm({ onPaired }: { onPaired: () => void }) {
  const styles = useConfigStyles();
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('videoHelper.errors.codeFormat'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await localHelper.pair(code);
      setCode('');
      onPaired();
    } catch (e) {
      setError(helperErrorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.section} aria-labelledby="helper-pair">
      <Title3 as="h2" id="helper-pair">
        {t('videoHelper.config.pairHeading')}
      </Title3>
      <Text>{t('videoHelper.config.pairHint')}</Text>
      <form
        className={styles.row}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label={t('videoHelper.config.codeLabel')} validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'}>
          <Input value={code} onChange={(_, d) => setCode(d.value.replace(/\D/g, '').slice(0, 6))} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Field>
        <Button type="submit" appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
          {t('videoHelper.config.pair')}
        </Button>
      </form>
    </section>
  );
}
