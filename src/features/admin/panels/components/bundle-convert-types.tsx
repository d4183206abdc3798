import { Field, Tag, TagPicker, TagPickerControl, TagPickerGroup, TagPickerInput, TagPickerList, TagPickerOption, type TagPickerProps } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { convertTypeLabel } from '../../../../lib/convert-type-text';

const NO_MATCH = '__no-match__';

/**
 * The conversions a bundle includes, as a searchable multi-select (Fluent TagPicker): type to
 * filter by label or key, Enter or click to add, a tag's dismiss (or Backspace) to remove. None
 * selected means every conversion (docs/package-gating.md), which the hint says.
 */
export function BundleConvertTypes({ options, value, onChange, error }: { options: readonly string[]; value: string[]; onChange: (next: string[]) => void; error?: string | undefined }) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const label = (key: string) => convertTypeLabel(t, i18n, key) ?? key;
  // Keys saved earlier that the catalogue no longer offers stay selectable (and removable).
  const all = useMemo(() => [...new Set([...options, ...value])], [options, value]);
  const q = query.trim().toLowerCase();
  const matches = all.filter((k) => !value.includes(k) && (!q || k.includes(q) || label(k).toLowerCase().includes(q)));

  const onOptionSelect: TagPickerProps['onOptionSelect'] = (_e, data) => {
    if (data.value === NO_MATCH) return;
    onChange(data.selectedOptions);
    setQuery('');
  };

  return (
    <Field label={t('adminBilling.editor.convertTypes')} hint={t('adminBilling.editor.convertTypesHint')} validationMessage={error ? t(error) : undefined}>
      <TagPicker onOptionSelect={onOptionSelect} selectedOptions={value}>
        <TagPickerControl data-testid="convert-types">
          <TagPickerGroup aria-label={t('adminBilling.editor.convertTypesSelected')}>
            {value.map((k) => (
              <Tag key={k} shape="rounded" value={k} data-convert-type={k}>
                {label(k)}
              </Tag>
            ))}
          </TagPickerGroup>
          <TagPickerInput aria-label={t('adminBilling.editor.convertTypesSearch')} value={query} onChange={(e) => setQuery(e.target.value)} />
        </TagPickerControl>
        <TagPickerList>
          {matches.length ? (
            matches.map((k) => (
              <TagPickerOption key={k} value={k} secondaryContent={k}>
                {label(k)}
              </TagPickerOption>
            ))
          ) : (
            <TagPickerOption value={NO_MATCH}>{t('adminBilling.editor.noMatch')}</TagPickerOption>
          )}
        </TagPickerList>
      </TagPicker>
    </Field>
  );
}
