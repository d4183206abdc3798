import { Button, Checkbox, Field, Input, Spinner, Title3 } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HelperConfig } from '@contracts/local-helper';
import { helperErrorText, helperFieldErrors } from '../../../lib/local-helper-text';
import { localHelper } from '../../../lib/local-helper-client';
import { useConfigStyles } from './styles';

/** Spec §3 base_path: the folder the helper writes to. A folder outside the home needs a tick first. */
export function BasePathForm({ config, onSaved }: { config: HelperConfig; onSaved: () => void }) {
  const styles = useConfigStyles();
  const { t } = useTranslation();
  const [path, setPath] = useState(config.basePath);
  const [needsConfirm, setNeedsConfirm] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await localHelper.setBasePath({ basePath: path, confirm: needsConfirm && confirm });
      setNeedsConfirm(false);
      setConfirm(false);
      setMessage({ error: false, text: t('videoHelper.config.saved') });
      onSaved();
    } catch (e) {
      if (helperFieldErrors(e).basePath === 'videoHelper.errors.outsideHome') setNeedsConfirm(true);
      setMessage({ error: true, text: helperErrorText(t, e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.section} aria-labelledby="helper-base-path">
      <Title3 as="h2" id="helper-base-path">
        {t('videoHelper.config.basePathHeading')}
      </Title3>
      <form
        className={styles.row}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field
          label={t('videoHelper.config.basePathLabel')}
          hint={t('videoHelper.config.basePathHint')}
          validationMessage={message?.text}
          validationState={message ? (message.error ? 'error' : 'success') : 'none'}
          className={styles.grow}
        >
          <Input
            value={path}
            onChange={(_, d) => {
              setPath(d.value);
              setNeedsConfirm(false);
            }}
          />
        </Field>
        <Button type="submit" appearance="primary" disabled={busy || (needsConfirm && !confirm)} icon={busy ? <Spinner size="tiny" /> : undefined}>
          {t('videoHelper.config.saveBasePath')}
        </Button>
      </form>
      {needsConfirm && <Checkbox checked={confirm} onChange={(_, d) => setConfirm(d.checked === true)} label={t('videoHelper.config.confirmOutside')} />}
    </section>
  );
}
