import { Field, Input, Radio, RadioGroup, makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PdfToolSpec } from '@contracts/pdf-tools';
import type { PdfToolEntry } from '../../../lib/site-map';
import { tokens } from '../../../lib/tokens';
import { splitOptions, type SplitForm } from '../tool-options';
import { SingleFileFrame } from './single-file-frame';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', maxWidth: '480px' },
  note: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** Split: by page ranges (one file per range), every N pages or at each top-level bookmark; the parts come back in a zip. */
export function SplitTool({ spec, entry }: { spec: PdfToolSpec; entry: PdfToolEntry }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [form, setForm] = useState<SplitForm>({ mode: 'ranges', ranges: '', every: '1' });
  const [touched, setTouched] = useState(false);
  const checked = splitOptions(form);
  const showError = touched && !checked.ok;
  return (
    <SingleFileFrame spec={spec} entry={entry} options={checked} readPages>
      <div className={styles.root}>
        <Field label={t('pdfTools.split.mode')}>
          <RadioGroup value={form.mode} onChange={(_, d) => setForm({ ...form, mode: d.value as SplitForm['mode'] })}>
            <Radio value="ranges" label={t('pdfTools.split.modes.ranges')} />
            <Radio value="every" label={t('pdfTools.split.modes.every')} />
            <Radio value="bookmarks" label={t('pdfTools.split.modes.bookmarks')} />
          </RadioGroup>
        </Field>
        {form.mode === 'ranges' ? (
          <Field
            label={t('pdfTools.split.rangesLabel')}
            hint={t('pdfTools.split.rangesHint')}
            validationState={showError ? 'error' : 'none'}
            validationMessage={showError && !checked.ok ? t(`pdfTools.${checked.error}`) : undefined}
          >
            <Input value={form.ranges} onBlur={() => setTouched(true)} onChange={(_, d) => setForm({ ...form, ranges: d.value })} />
          </Field>
        ) : form.mode === 'bookmarks' ? (
          <p className={styles.note}>{t('pdfTools.split.bookmarksHint')}</p>
        ) : (
          <Field
            label={t('pdfTools.split.everyLabel')}
            validationState={!checked.ok ? 'error' : 'none'}
            validationMessage={!checked.ok ? t(`pdfTools.${checked.error}`) : undefined}
          >
            <Input type="number" min={1} step={1} inputMode="numeric" value={form.every} onChange={(_, d) => setForm({ ...form, every: d.value })} />
          </Field>
        )}
      </div>
    </SingleFileFrame>
  );
}
