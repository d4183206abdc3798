import { Field, Input, Radio, RadioGroup, makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@contracts/pdf-tools';
import type { ImageForm } from '../tool-options';

const ORIENTATIONS = ['auto', 'portrait', 'landscape'] as const;

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', gap: '16px 32px' },
  margin: { maxWidth: '240px' },
});

/** Images to PDF: page size, orientation and margin. */
export function ImageFormFields({ form, onChange, error }: { form: ImageForm; onChange: (form: ImageForm) => void; error?: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div className={styles.root}>
      <Field label={t('pdfTools.images.pageSize')}>
        <RadioGroup value={form.pageSize} onChange={(_, d) => onChange({ ...form, pageSize: d.value as ImageForm['pageSize'] })}>
          {PAGE_SIZES.map((size) => (
            <Radio key={size} value={size} label={t(`pdfTools.images.sizes.${size}`)} />
          ))}
        </RadioGroup>
      </Field>
      <Field label={t('pdfTools.images.orientation')}>
        <RadioGroup value={form.orientation} onChange={(_, d) => onChange({ ...form, orientation: d.value as ImageForm['orientation'] })}>
          {ORIENTATIONS.map((o) => (
            <Radio key={o} value={o} label={t(`pdfTools.images.orientations.${o}`)} />
          ))}
        </RadioGroup>
      </Field>
      <Field
        className={styles.margin}
        label={t('pdfTools.images.margin')}
        hint={t('pdfTools.images.marginHint')}
        validationState={error ? 'error' : 'none'}
        validationMessage={error ? t(`pdfTools.${error}`) : undefined}
      >
        <Input
          type="number"
          min={0}
          max={50}
          inputMode="decimal"
          disabled={form.pageSize === 'fit'}
          value={String(form.marginMm)}
          onChange={(_, d) => onChange({ ...form, marginMm: d.value === '' ? Number.NaN : Number(d.value) })}
        />
      </Field>
    </div>
  );
}
