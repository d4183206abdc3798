import { Field, Input, Radio, RadioGroup, Select, makeStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageNumbersOptionsSchema, STAMP_POSITIONS } from '@contracts/pdf-stamp-options';
import type { PageNumbersOptions, PdfToolSpec } from '@contracts/pdf-tools';
import type { PdfToolEntry } from '../../../lib/site-map';
import { tokens } from '../../../lib/tokens';
import type { Checked } from '../tool-options';
import { SingleFileFrame } from './single-file-frame';
import { camelKey } from '../../../lib/i18n-key';
import { DEFAULT_PAGE_NUMBER_COLOR } from '../../../lib/paper-colors';

/** Templates offered as they are; `custom` takes a typed one. The Chinese one is offered in both languages: a document's language is not the page's. */
export const NUMBER_TEMPLATES = ['{n}', 'Page {n} of {total}', '第 {n} 页，共 {total} 页', '- {n} -'] as const;

export const useStampStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '560px' },
  row: { display: 'flex', flexWrap: 'wrap', gap: '12px 20px', alignItems: 'flex-start' },
  small: { width: '140px', maxWidth: '100%' },
  medium: { width: '240px', maxWidth: '100%' },
  /** A number box fills its (narrow) field rather than keeping the input's default 20-character width. */
  fill: { width: '100%', minWidth: 0 },
  colour: { width: '64px', height: '32px', padding: 0, border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium, backgroundColor: 'transparent', cursor: 'pointer' },
});

interface NumbersForm {
  template: string;
  custom: string;
  position: (typeof STAMP_POSITIONS)[number];
  startAt: string;
  fontSize: string;
  color: string;
  pages: string;
}

/** Which field the first problem is in, as the key of its message under `pdfStamp.`. */
type NumbersError = 'template.invalid' | 'startAtInvalid' | 'fontSizeInvalid' | 'pagesInvalid';

function numbersOptions(form: NumbersForm): Checked<PageNumbersOptions> & { field?: NumbersError } {
  const template = form.template === 'custom' ? form.custom : form.template;
  const pages = form.pages.trim();
  const parsed = pageNumbersOptionsSchema.safeParse({
    template,
    position: form.position,
    startAt: Number(form.startAt),
    fontSize: Number(form.fontSize),
    color: form.color,
    ...(pages === '' ? {} : { pages }),
  });
  if (parsed.success) return { ok: true, options: parsed.data };
  const path = String(parsed.error.issues[0]?.path[0] ?? 'template');
  const field: NumbersError = path === 'startAt' ? 'startAtInvalid' : path === 'fontSize' ? 'fontSizeInvalid' : path === 'pages' ? 'pagesInvalid' : 'template.invalid';
  return { ok: false, error: field, field };
}

/** `{n}` and `{total}` filled with sample numbers, to show a template as it will read. */
const sample = (template: string) => template.replaceAll('{n}', '1').replaceAll('{total}', '12');

/** The nine places a stamp can go (and `tile` for watermarks), as a native list: keyboard and touch friendly. */
export function PositionField({ value, withTile, onChange }: { value: string; withTile: boolean; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const styles = useStampStyles();
  return (
    <Field label={t('pdfStamp.position.label')} className={styles.medium}>
      <Select value={value} onChange={(_, d) => onChange(d.value)} data-testid="stamp-position">
        {[...STAMP_POSITIONS, ...(withTile ? (['tile'] as const) : [])].map((p) => (
          <option key={p} value={p}>
            {t(`pdfStamp.position.${camelKey(p)}`)}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** Page ranges as typed; empty for every page. */
export function PagesField({ value, invalid, onChange }: { value: string; invalid: boolean; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const shown = invalid && touched;
  return (
    <Field label={t('pdfStamp.pages')} hint={t('pdfStamp.pagesHint')} validationState={shown ? 'error' : 'none'} validationMessage={shown ? t('pdfStamp.pagesInvalid') : undefined}>
      <Input value={value} onBlur={() => setTouched(true)} onChange={(_, d) => onChange(d.value)} data-testid="stamp-pages" />
    </Field>
  );
}

/** Page numbers on the server: a template in any language, where, from which number, on which pages. */
export function PageNumbersTool({ spec, entry }: { spec: PdfToolSpec; entry: PdfToolEntry }) {
  const styles = useStampStyles();
  const { t } = useTranslation();
  const [form, setForm] = useState<NumbersForm>({ template: '{n}', custom: '', position: 'bottom-center', startAt: '1', fontSize: '11', color: DEFAULT_PAGE_NUMBER_COLOR, pages: '' });
  const checked = numbersOptions(form);
  const field = checked.ok ? undefined : checked.field;
  const message = (key: NumbersError) => (field === key ? { validationState: 'error' as const, validationMessage: t(`pdfStamp.${key}`) } : {});
  return (
    <SingleFileFrame spec={spec} entry={entry} options={checked}>
      <div className={styles.root}>
        <Field label={t('pdfStamp.template.label')} hint={t('pdfStamp.template.sampleNote')}>
          <RadioGroup value={form.template} onChange={(_, d) => setForm({ ...form, template: d.value })} data-testid="stamp-templates">
            {NUMBER_TEMPLATES.map((template) => (
              <Radio key={template} value={template} label={sample(template)} />
            ))}
            <Radio value="custom" label={t('pdfStamp.template.custom')} />
          </RadioGroup>
        </Field>
        {form.template === 'custom' && (
          <Field label={t('pdfStamp.template.customLabel')} hint={t('pdfStamp.template.hint')} {...message('template.invalid')}>
            <Input value={form.custom} maxLength={100} placeholder={t('pdfStamp.template.placeholder')} onChange={(_, d) => setForm({ ...form, custom: d.value })} data-testid="stamp-template-custom" />
          </Field>
        )}
        <div className={styles.row}>
          <PositionField value={form.position} withTile={false} onChange={(position) => setForm({ ...form, position: position as NumbersForm['position'] })} />
          <Field label={t('pdfStamp.startAt')} className={styles.small} {...message('startAtInvalid')}>
            <Input className={styles.fill} type="number" inputMode="numeric" min={0} value={form.startAt} onChange={(_, d) => setForm({ ...form, startAt: d.value })} data-testid="stamp-start" />
          </Field>
          <Field label={t('pdfStamp.fontSize')} className={styles.small} {...message('fontSizeInvalid')}>
            <Input className={styles.fill} type="number" inputMode="numeric" min={6} max={72} value={form.fontSize} onChange={(_, d) => setForm({ ...form, fontSize: d.value })} />
          </Field>
          <Field label={t('pdfStamp.color')}>
            <input type="color" className={styles.colour} value={form.color} aria-label={t('pdfStamp.color')} onChange={(e) => setForm({ ...form, color: e.target.value })} />
          </Field>
        </div>
        <PagesField value={form.pages} invalid={field === 'pagesInvalid'} onChange={(pages) => setForm({ ...form, pages })} />
      </div>
    </SingleFileFrame>
  );
}
