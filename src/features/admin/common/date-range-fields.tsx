import { Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

export interface DateRange {
  /** `YYYY-MM-DD`, or '' for open-ended. */
  from: string;
  to: string;
}

/** "From" and "To" day pickers for a filter bar; both days are included (the server reads UTC days). */
export function DateRangeFields({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('admin.filters.from')}>
        <Input type="date" value={value.from} max={value.to || undefined} onChange={(_e, d) => onChange({ ...value, from: d.value })} />
      </Field>
      <Field label={t('admin.filters.to')}>
        <Input type="date" value={value.to} min={value.from || undefined} onChange={(_e, d) => onChange({ ...value, to: d.value })} />
      </Field>
    </>
  );
}
