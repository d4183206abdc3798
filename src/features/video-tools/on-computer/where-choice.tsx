import { Field, MessageBar, MessageBarBody, Radio, RadioGroup } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Where } from './use-where';

/** "In the browser" / "On this computer", shown when the helper is paired; why the computer was chosen when a file is too large. */
export function WhereChoice({ where, onChange, paired, tooLarge, disabled }: { where: Where; onChange: (w: Where) => void; paired: boolean; tooLarge: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  if (!paired) return null;
  return (
    <>
      <Field label={t('videoOnComputer.where')}>
        <RadioGroup value={where} onChange={(_, d) => onChange(d.value as Where)} layout="horizontal" disabled={disabled}>
          <Radio value="browser" label={t('videoOnComputer.inBrowser')} data-testid="where-browser" disabled={tooLarge} />
          <Radio value="computer" label={t('videoOnComputer.onComputer')} data-testid="where-computer" />
        </RadioGroup>
      </Field>
      {tooLarge && (
        <MessageBar intent="info" data-testid="where-too-large">
          <MessageBarBody>{t('videoOnComputer.tooLarge')}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
