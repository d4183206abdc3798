import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, Select } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminGrantRequestSchema, type AdminUser, type AdminUserDetail } from '@contracts/admin/users';
import { QUOTA_TYPES, type QuotaType } from '@contracts/quota';
import { fieldMessage, serverFieldErrors, validate, type FieldErrors } from '../../../../lib/forms';
import { notify } from '../../../../lib/notify';
import { grantQuota, MB } from '../api';

const useStyles = makeStyles({ fields: { display: 'flex', flexDirection: 'column', gap: '12px' } });

interface Props {
  open: boolean;
  user: AdminUser;
  products: AdminUserDetail['products'];
  onClose: () => void;
  onGranted: (next: AdminUserDetail) => Promise<void>;
}

/** Number fields as typed: '' stays '' (so "required" shows), anything else is parsed. */
const asNumber = (raw: string) => (raw.trim() === '' ? undefined : Number(raw));

/**
 * "Grant quota": product, quota type, amount (in MB for a file size, sent as bytes) and days of
 * validity. The API's own schema checks the fields first; its 40001 answer is shown per field.
 */
export function GrantDialog({ open, user, products, onClose, onGranted }: Props) {
  const styles = useStyles();
  const { t, i18n } = useTranslation();
  const [productId, setProductId] = useState(products[0]?.productId ?? '');
  const [quotaType, setQuotaType] = useState<QuotaType>('TYPE_API');
  const [amount, setAmount] = useState('');
  const [days, setDays] = useState('30');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const typed = asNumber(amount);
    const quota = typed !== undefined && quotaType === 'TYPE_SIZE' ? Math.round(typed * MB) : typed;
    const checked = validate(adminGrantRequestSchema, { productId, quotaType, quota, validDays: asNumber(days) });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    try {
      await onGranted(await grantQuota(user.id, i18n.language, checked.data));
      notify('success', t('adminSupport.grant.done'));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setErrors(fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <DialogBody>
            <DialogTitle>{t('adminSupport.grant.title', { userId: user.userId })}</DialogTitle>
            <DialogContent className={styles.fields}>
              <Field label={t('adminSupport.grant.product')} required validationMessage={fieldMessage(t, errors.productId)}>
                <Select value={productId} onChange={(_e, d) => setProductId(d.value)}>
                  {products.map((p) => (
                    <option key={p.productId} value={p.productId}>
                      {p.productName}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('adminSupport.grant.type')} required validationMessage={fieldMessage(t, errors.quotaType)}>
                <Select value={quotaType} onChange={(_e, d) => setQuotaType(d.value as QuotaType)}>
                  {QUOTA_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`adminSupport.types.${type}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t(quotaType === 'TYPE_SIZE' ? 'adminSupport.grant.amountMb' : 'adminSupport.grant.amount')} required validationMessage={fieldMessage(t, errors.quota)}>
                <Input type="number" min={1} step={1} inputMode="numeric" value={amount} onChange={(_e, d) => setAmount(d.value)} />
              </Field>
              <Field label={t('adminSupport.grant.days')} required validationMessage={fieldMessage(t, errors.validDays)}>
                <Input type="number" min={1} max={3650} step={1} inputMode="numeric" value={days} onChange={(_e, d) => setDays(d.value)} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                {t('adminSupport.grant.cancel')}
              </Button>
              <Button type="submit" appearance="primary" disabled={busy}>
                {t('adminSupport.grant.submit')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
