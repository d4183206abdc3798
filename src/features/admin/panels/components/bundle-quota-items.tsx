import { Button, Field, Input, makeStyles, Select, Text } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { BundleOptions } from '@contracts/admin/bundles';
import type { QuotaType } from '@contracts/quota';
import { nextRowKey, type FormErrors, type QuotaRowState } from '../bundle-form';

const useStyles = makeStyles({
  group: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '12px', margin: 0, minWidth: 0 },
  legend: { padding: '0 4px', fontWeight: tokens.fontWeightSemibold },
  row: { display: 'grid', gridTemplateColumns: 'minmax(140px, 1fr) minmax(160px, 1fr) minmax(120px, 160px) auto', gap: '8px', alignItems: 'end', marginBottom: '8px', '@media (max-width: 767px)': { gridTemplateColumns: '1fr' } },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** What the amount of each quota type counts. */
const UNIT_KEYS: Record<QuotaType, string> = { TYPE_API: 'times', TYPE_SIZE: 'mb', TYPE_BATCH_COUNT: 'files' };

interface Props {
  rows: QuotaRowState[];
  options: Pick<BundleOptions, 'products' | 'quotaTypes'>;
  errors: FormErrors;
  onChange: (rows: QuotaRowState[]) => void;
}

/** Quota items, one row per product and type: added and removed here; the amount in the type's unit. */
export function BundleQuotaItems({ rows, options, errors, onChange }: Props) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const set = (i: number, patch: Partial<QuotaRowState>) => onChange(rows.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  const err = (key: string) => (errors[key] ? t(errors[key]) : undefined);
  const productName = (p: BundleOptions['products'][number]) => (i18n.language === 'zh' ? p.nameZh : p.name);
  return (
    <fieldset className={styles.group} data-testid="quota-items">
      <legend className={styles.legend}>{t('adminBilling.editor.quotas')}</legend>
      {rows.map((row, i) => (
        <div className={styles.row} key={row.key} data-quota-row={i}>
          <Field label={t('adminBilling.editor.product')} validationMessage={err(`quotas.${i}.productId`)}>
            <Select value={row.productId} onChange={(_e, d) => set(i, { productId: d.value })}>
              {options.products.map((p) => (
                <option key={p.id} value={p.id}>
                  {productName(p)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('adminBilling.editor.quotaType')} validationMessage={err(`quotas.${i}.quotaType`)}>
            <Select value={row.quotaType} onChange={(_e, d) => set(i, { quotaType: d.value as QuotaType })}>
              {options.quotaTypes.map((q) => (
                <option key={q} value={q}>
                  {t(`adminBilling.quotaTypes.${q}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('adminBilling.editor.amount', { unit: t(`adminBilling.units.${UNIT_KEYS[row.quotaType]}`) })} validationMessage={err(`quotas.${i}.quota`)}>
            <Input inputMode="decimal" value={row.amount} onChange={(_e, d) => set(i, { amount: d.value })} />
          </Field>
          <Button
            appearance="subtle"
            icon={<DeleteRegular />}
            aria-label={t('adminBilling.editor.removeQuota', { n: i + 1 })}
            disabled={rows.length <= 1}
            onClick={() => onChange(rows.filter((_r, k) => k !== i))}
          />
        </div>
      ))}
      {errors.quotas && <Text className={styles.error}>{t(errors.quotas)}</Text>}
      <Button icon={<AddRegular />} onClick={() => onChange([...rows, { key: nextRowKey(), productId: options.products[0]?.id ?? '', quotaType: 'TYPE_API', amount: '' }])}>
        {t('adminBilling.editor.addQuota')}
      </Button>
    </fieldset>
  );
}
