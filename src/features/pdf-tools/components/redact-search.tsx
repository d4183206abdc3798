import { Checkbox, Field, Input, Textarea, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { customPattern, MAX_PATTERN_LENGTH, PRESET_IDS, type PresetId } from '../redact-hits';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', maxWidth: '560px' },
  group: { display: 'flex', flexDirection: 'column', gap: '2px', margin: 0, padding: 0, border: 'none' },
  legend: { padding: 0, marginBottom: '4px', fontWeight: 600 },
});

export interface RedactSearchForm {
  terms: string;
  presets: readonly PresetId[];
  custom: string;
}

/** What to look for: words and names, preset patterns, and one expression of the user's own. */
export function RedactSearch({ form, onChange }: { form: RedactSearchForm; onChange: (form: RedactSearchForm) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const custom = customPattern(form.custom);
  const customError = custom === 'tooLong' ? t('pdfRedact.search.customTooLong', { max: MAX_PATTERN_LENGTH }) : custom === 'invalid' ? t('pdfRedact.search.customInvalid') : undefined;
  const toggle = (preset: PresetId, on: boolean) => onChange({ ...form, presets: on ? [...form.presets, preset] : form.presets.filter((p) => p !== preset) });
  return (
    <div className={styles.root}>
      <Field label={t('pdfRedact.search.terms')} hint={t('pdfRedact.search.termsHint')}>
        <Textarea value={form.terms} resize="vertical" rows={2} onChange={(_, d) => onChange({ ...form, terms: d.value })} data-testid="redact-terms" />
      </Field>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('pdfRedact.search.presets')}</legend>
        {PRESET_IDS.map((preset) => (
          <Checkbox
            key={preset}
            checked={form.presets.includes(preset)}
            onChange={(_, d) => toggle(preset, Boolean(d.checked))}
            label={t(`pdfRedact.search.preset.${preset}`)}
            data-testid={`redact-preset-${preset}`}
          />
        ))}
      </fieldset>
      <Field label={t('pdfRedact.search.custom')} hint={t('pdfRedact.search.customHint', { max: MAX_PATTERN_LENGTH })} validationState={customError ? 'error' : 'none'} validationMessage={customError}>
        <Input value={form.custom} maxLength={MAX_PATTERN_LENGTH + 50} onChange={(_, d) => onChange({ ...form, custom: d.value })} spellCheck={false} data-testid="redact-custom" />
      </Field>
    </div>
  );
}
