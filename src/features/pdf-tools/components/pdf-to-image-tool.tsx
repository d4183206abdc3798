import { Field, Input, Radio, RadioGroup, makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_FORMATS, type PdfToolSpec } from '@contracts/pdf-tools';
import type { PdfToolEntry } from '../../../lib/site-map';
import { DPI_CHOICES, pdfToImageOptions, type PdfToImageForm } from '../tool-options';
import { SingleFileFrame } from './single-file-frame';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', maxWidth: '480px' },
  custom: { maxWidth: '200px' },
});

/** PDF to images: each chosen page drawn on the device as PNG or JPEG at a chosen DPI, in a zip. */
export function PdfToImageTool({ spec, entry }: { spec: PdfToolSpec; entry: PdfToolEntry }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [form, setForm] = useState<PdfToImageForm>({ format: 'png', dpi: '150', customDpi: '200', pages: '' });
  const [touched, setTouched] = useState(false);
  const checked = pdfToImageOptions(form);
  const dpiError = !checked.ok && checked.error === 'toImages.dpiInvalid';
  const pagesError = touched && !checked.ok && checked.error === 'toImages.pagesInvalid';
  return (
    <SingleFileFrame spec={spec} entry={entry} options={checked} readPages>
      <div className={styles.root}>
        <Field label={t('pdfTools.toImages.format')}>
          <RadioGroup value={form.format} onChange={(_, d) => setForm({ ...form, format: d.value as PdfToImageForm['format'] })}>
            {IMAGE_FORMATS.map((format) => (
              <Radio key={format} value={format} label={t(`pdfTools.toImages.formats.${format}`)} />
            ))}
          </RadioGroup>
        </Field>
        <Field label={t('pdfTools.toImages.dpi')} hint={t('pdfTools.toImages.dpiHint')}>
          <RadioGroup value={form.dpi} onChange={(_, d) => setForm({ ...form, dpi: d.value as PdfToImageForm['dpi'] })}>
            {DPI_CHOICES.map((dpi) => (
              <Radio key={dpi} value={dpi} label={t(`pdfTools.toImages.dpis.${dpi === 'custom' ? 'custom' : `dpi${dpi}`}`)} />
            ))}
          </RadioGroup>
        </Field>
        {form.dpi === 'custom' && (
          <Field
            className={styles.custom}
            label={t('pdfTools.toImages.customDpi')}
            validationState={dpiError ? 'error' : 'none'}
            validationMessage={dpiError ? t('pdfTools.toImages.dpiInvalid') : undefined}
          >
            <Input type="number" min={36} max={300} step={1} inputMode="numeric" value={form.customDpi} onChange={(_, d) => setForm({ ...form, customDpi: d.value })} />
          </Field>
        )}
        <Field
          label={t('pdfTools.toImages.pagesLabel')}
          hint={t('pdfTools.toImages.pagesHint')}
          validationState={pagesError ? 'error' : 'none'}
          validationMessage={pagesError ? t('pdfTools.toImages.pagesInvalid') : undefined}
        >
          <Input value={form.pages} onBlur={() => setTouched(true)} onChange={(_, d) => setForm({ ...form, pages: d.value })} />
        </Field>
      </div>
    </SingleFileFrame>
  );
}
