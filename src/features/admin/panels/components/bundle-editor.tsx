import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, Select, Spinner, Switch, Text, Textarea } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminBundle, BundleDuration, BundleOptions } from '@contracts/admin/bundles';
import type { BundleKind } from '@contracts/memberships';
import { isApiError } from '../../../../lib/api-client';
import { durationText } from '../../../../lib/bundle-text';
import { notify } from '../../../../lib/notify';
import { useAdminCardStyles } from '../../common/admin-page';
import { createBundle, updateBundle } from '../bundle-api';
import { bodyOf, checkForm, emptyForm, formOf, type BundleFormState, type FormErrors } from '../bundle-form';
import { BundleConvertTypes } from './bundle-convert-types';
import { BundleQuotaItems } from './bundle-quota-items';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '16px', marginBottom: '20px' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: '12px' },
  switches: { display: 'flex', flexWrap: 'wrap', gap: '8px 24px' },
  actions: { display: 'flex', gap: '8px', justifyContent: 'flex-end', flexWrap: 'wrap' },
  title: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
});

interface Props {
  /** The bundle to edit, or null to create one. */
  bundle: AdminBundle | null;
  options: BundleOptions;
  onSaved: (bundle: AdminBundle) => void;
  onCancel: () => void;
}

/**
 * Create or edit a bundle: both languages, the price typed as an amount (12.99, stored as cents),
 * one-off pack with its duration or membership with its period, quota items, included
 * conversions, and the batch, trial and published switches. The server's 40001 answer is shown
 * next to each field it names.
 */
export function BundleEditor({ bundle, options, onSaved, onCancel }: Props) {
  const styles = useStyles();
  const card = useAdminCardStyles();
  const { t } = useTranslation();
  const [form, setForm] = useState<BundleFormState>(() => (bundle ? formOf(bundle) : emptyForm(options.products[0]?.id)));
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const creating = bundle === null;
  const held = bundle ? bundle.holders.grants + bundle.holders.orders + bundle.holders.subscriptions > 0 : false;
  const set = (patch: Partial<BundleFormState>) => setForm((f) => ({ ...f, ...patch }));
  const err = (key: string) => (errors[key] ? t(errors[key]) : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkForm(form, creating);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { id: _id, ...fields } = bodyOf(form);
      const saved = bundle ? await updateBundle(bundle.id, fields) : await createBundle(bodyOf(form));
      notify('success', t(creating ? 'adminBilling.editor.created' : 'adminBilling.editor.saved', { name: saved.name }));
      onSaved(saved);
    } catch (error) {
      if (isApiError(error, 40001) && error.data && typeof error.data === 'object') setErrors(error.data as FormErrors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={`${card.card} ${styles.form}`} onSubmit={(e) => void submit(e)} aria-labelledby="bundle-editor-title" noValidate data-testid="bundle-editor">
      <Text as="h2" size={500} weight="semibold" className={styles.title} id="bundle-editor-title">
        {creating ? t('adminBilling.editor.createTitle') : t('adminBilling.editor.editTitle', { name: bundle.name })}
      </Text>
      {held && (
        <MessageBar intent="info">
          <MessageBarBody>{t('adminBilling.editor.heldNote')}</MessageBarBody>
        </MessageBar>
      )}
      {Object.keys(errors).length > 0 && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{t('adminBilling.editor.fixErrors')}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.grid}>
        {creating && (
          <Field label={t('adminBilling.editor.id')} hint={t('adminBilling.editor.idHint')} validationMessage={err('id')}>
            <Input value={form.id} onChange={(_e, d) => set({ id: d.value.toLowerCase() })} />
          </Field>
        )}
        <Field label={t('adminBilling.editor.nameEn')} required validationMessage={err('name')}>
          <Input value={form.name} maxLength={128} onChange={(_e, d) => set({ name: d.value })} />
        </Field>
        <Field label={t('adminBilling.editor.nameZh')} required validationMessage={err('nameZh')}>
          <Input value={form.nameZh} maxLength={128} onChange={(_e, d) => set({ nameZh: d.value })} />
        </Field>
      </div>
      <div className={styles.grid}>
        <Field label={t('adminBilling.editor.descEn')} validationMessage={err('desc')}>
          <Textarea value={form.desc} maxLength={2000} resize="vertical" onChange={(_e, d) => set({ desc: d.value })} />
        </Field>
        <Field label={t('adminBilling.editor.descZh')} validationMessage={err('descZh')}>
          <Textarea value={form.descZh} maxLength={2000} resize="vertical" onChange={(_e, d) => set({ descZh: d.value })} />
        </Field>
      </div>
      <div className={styles.grid}>
        <Field label={t('adminBilling.editor.price')} hint={t('adminBilling.editor.priceHint')} required validationMessage={err('price')}>
          <Input inputMode="decimal" value={form.price} onChange={(_e, d) => set({ price: d.value })} />
        </Field>
        <Field label={t('adminBilling.editor.currency')} validationMessage={err('currency')}>
          <Select value={form.currency} onChange={(_e, d) => set({ currency: d.value })}>
            {options.currencies.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </Select>
        </Field>
        <Field label={t('adminBilling.editor.kind')} validationMessage={err('kind')}>
          <Select value={form.kind} onChange={(_e, d) => set({ kind: d.value as BundleKind, ...(d.value === 'membership' && !form.periodMonths ? { periodMonths: '1' } : {}) })}>
            {options.kinds.map((k) => (
              <option key={k} value={k}>
                {t(`adminBilling.kinds.${k}`)}
              </option>
            ))}
          </Select>
        </Field>
        {form.kind === 'pack' ? (
          <Field label={t('adminBilling.editor.duration')} validationMessage={err('duration')}>
            <Select value={form.duration} onChange={(_e, d) => set({ duration: d.value as BundleDuration })}>
              {options.durations.map((d) => (
                <option key={d} value={d}>
                  {durationText(t, d)}
                </option>
              ))}
            </Select>
          </Field>
        ) : (
          <Field label={t('adminBilling.editor.period')} validationMessage={err('periodMonths')}>
            <Select value={form.periodMonths} onChange={(_e, d) => set({ periodMonths: d.value as BundleFormState['periodMonths'] })}>
              {options.periodMonths.map((m) => (
                <option key={m} value={String(m)}>
                  {t(`adminBilling.periods.m${m}`)}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Field label={t('adminBilling.editor.sortOrder')} hint={t('adminBilling.editor.sortOrderHint')} validationMessage={err('sortOrder')}>
          <Input inputMode="numeric" value={form.sortOrder} onChange={(_e, d) => set({ sortOrder: d.value })} />
        </Field>
        <Field label={t('adminBilling.editor.icon')} validationMessage={err('bundleIcon')}>
          <Input value={form.bundleIcon} maxLength={255} onChange={(_e, d) => set({ bundleIcon: d.value })} />
        </Field>
      </div>
      <BundleQuotaItems rows={form.quotas} options={options} errors={errors} onChange={(quotas) => set({ quotas })} />
      <BundleConvertTypes options={options.convertTypes} value={form.convertTypes} error={errors.convertTypes} onChange={(convertTypes) => set({ convertTypes })} />
      <div className={styles.switches}>
        <Switch label={t('adminBilling.editor.batch')} checked={form.batch} onChange={(_e, d) => set({ batch: d.checked })} />
        <Field validationMessage={err('trial')}>
          <Switch label={t('adminBilling.editor.trial')} checked={form.trial} onChange={(_e, d) => set({ trial: d.checked })} />
        </Field>
        <Switch label={t('adminBilling.editor.published')} checked={form.published} onChange={(_e, d) => set({ published: d.checked })} />
      </div>
      <div className={styles.actions}>
        <Button onClick={onCancel} disabled={busy}>
          {t('adminBilling.editor.cancel')}
        </Button>
        <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
          {creating ? t('adminBilling.editor.create') : t('adminBilling.editor.save')}
        </Button>
      </div>
    </form>
  );
}
