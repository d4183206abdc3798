import { Field, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { HelperFileList } from '@contracts/local-helper';
import { formatBytes } from '../../../lib/local-helper-text';

/** One video of the helper's base path, by its path there and size. */
export function HelperFileSelect({ list, value, onChange, disabled }: { list: HelperFileList | null; value: string; onChange: (path: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const files = list?.files ?? [];
  return (
    <Field label={t('videoOnComputer.file')} hint={list ? t('videoOnComputer.fileHint', { folder: list.basePath }) : undefined}>
      <Select value={value} onChange={(_, d) => onChange(d.value)} disabled={disabled || files.length === 0} data-testid="helper-file">
        <option value="">{files.length === 0 ? t('videoOnComputer.noFiles') : t('videoOnComputer.choose')}</option>
        {files.map((f) => (
          <option key={f.path} value={f.path}>
            {`${f.path} (${formatBytes(f.size)})`}
          </option>
        ))}
      </Select>
    </Field>
  );
}
