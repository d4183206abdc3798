import { Field, Input, Radio, RadioGroup, makeStyles } from '@fluentui/react-components';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPRESS_PRESETS, type PdfToolSpec } from '@contracts/pdf-tools';
import type { PdfToolEntry } from '../../../lib/site-map';
import { tokens } from '../../../lib/tokens';
import { formatBytes } from '../file-accept';
import { useFirstPagePreview } from '../hooks/use-first-page-preview';
import type { RunResult } from '../run-tool';
import { compressOptions, type CompressForm } from '../tool-options';
import { SingleFileFrame } from './single-file-frame';

/** Wide enough to judge a picture's quality, narrow enough for two side by side on a tablet. */
const PREVIEW_WIDTH = 280;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '560px' },
  presetBody: { display: 'block', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  target: { maxWidth: '320px' },
  sizes: { display: 'flex', flexWrap: 'wrap', gap: '4px 20px', margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  previews: { display: 'flex', flexWrap: 'wrap', gap: '16px', marginTop: '12px' },
  preview: { margin: 0, display: 'flex', flexDirection: 'column', gap: '4px', maxWidth: '100%' },
  previewImage: { width: `${PREVIEW_WIDTH}px`, maxWidth: '100%', height: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}` },
  previewPending: { width: `${PREVIEW_WIDTH}px`, maxWidth: '100%', aspectRatio: '210 / 297', backgroundColor: tokens.colorNeutralBackground3 },
});


/** Before and after, and whether an "at most" size asked for was reached (the server gives its smallest result when it was not). */
function SizeComparison({ file, result, targetBytes }: { file: File; result: RunResult; targetBytes: number | undefined }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const beforePreview = useFirstPagePreview(file, PREVIEW_WIDTH);
  const afterPreview = useFirstPagePreview(result.blob, PREVIEW_WIDTH);
  const before = file.size;
  const after = result.blob.size;
  const percent = before > 0 ? Math.round((1 - after / before) * 100) : 0;
  return (
    <>
    <dl className={styles.sizes} data-testid="pdf-compress-sizes" data-before={before} data-after={after}>
      <div>
        <dt className={styles.term}>{t('pdfTools.compress.before')}</dt>
        <dd className={styles.value}>{formatBytes(before)}</dd>
      </div>
      <div>
        <dt className={styles.term}>{t('pdfTools.compress.after')}</dt>
        <dd className={styles.value}>{formatBytes(after)}</dd>
      </div>
      <div>
        <dt className={styles.term}>&nbsp;</dt>
        <dd className={styles.value}>{percent > 0 ? t('pdfTools.compress.saved', { percent }) : t('pdfTools.compress.notSmaller')}</dd>
      </div>
      {targetBytes !== undefined && after > targetBytes && (
        <div data-testid="pdf-compress-target-missed">
          <dt className={styles.term}>&nbsp;</dt>
          <dd className={styles.value}>{t('pdfTools.compress.targetMissed', { size: formatBytes(targetBytes) })}</dd>
        </div>
      )}
    </dl>
    {/* Page 1 before and after, at the same size: what the chosen setting did to pictures and text, before the download. */}
    <div className={styles.previews} data-testid="pdf-compress-previews">
      {[
        { label: t('pdfTools.compress.before'), url: beforePreview, id: 'before' },
        { label: t('pdfTools.compress.after'), url: afterPreview, id: 'after' },
      ].map((p) => (
        <figure key={p.id} className={styles.preview}>
          {p.url ? <img src={p.url} alt={t(`pdfTools.compress.preview.${p.id}`)} className={styles.previewImage} data-testid={`pdf-compress-preview-${p.id}`} /> : <div className={styles.previewPending} aria-hidden />}
          <figcaption className={styles.term}>{p.label}</figcaption>
        </figure>
      ))}
    </div>
    </>
  );
}

/** Compress on the server (Ghostscript): a preset explained in plain words, and an optional "at most N MB". */
export function CompressTool({ spec, entry }: { spec: PdfToolSpec; entry: PdfToolEntry }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [form, setForm] = useState<CompressForm>({ preset: 'ebook', maxMb: '' });
  const checked = compressOptions(form);
  const targetBytes = checked.ok ? checked.options.targetBytes : undefined;
  const details = useCallback((file: File, result: RunResult) => <SizeComparison file={file} result={result} targetBytes={targetBytes} />, [targetBytes]);
  return (
    <SingleFileFrame spec={spec} entry={entry} options={checked} resultDetails={details}>
      <div className={styles.root}>
        <Field label={t('pdfTools.compress.preset')}>
          <RadioGroup value={form.preset} onChange={(_, d) => setForm({ ...form, preset: d.value as CompressForm['preset'] })}>
            {COMPRESS_PRESETS.map((preset) => (
              <Radio
                key={preset}
                value={preset}
                label={{
                  children: (
                    <>
                      {t(`pdfTools.compress.presets.${preset}.label`)}
                      <span className={styles.presetBody}>{t(`pdfTools.compress.presets.${preset}.body`)}</span>
                    </>
                  ),
                }}
              />
            ))}
          </RadioGroup>
        </Field>
        <Field
          className={styles.target}
          label={t('pdfTools.compress.target')}
          hint={t('pdfTools.compress.targetHint')}
          validationState={checked.ok ? 'none' : 'error'}
          validationMessage={checked.ok ? undefined : t(`pdfTools.${checked.error}`)}
        >
          <Input inputMode="decimal" value={form.maxMb} onChange={(_, d) => setForm({ ...form, maxMb: d.value })} />
        </Field>
      </div>
    </SingleFileFrame>
  );
}
