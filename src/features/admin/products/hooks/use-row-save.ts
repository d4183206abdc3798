import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors, type FieldErrors } from '../../../../lib/forms';
import { notify } from '../../../../lib/notify';

/**
 * Saving one row (or form) of the product pages: the request in flight, the per-field messages of
 * a 40001 answer (other failures get the API client's toast), a "saved" toast on success.
 */
export function useRowSave() {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function run<T>(save: () => Promise<T>, onSaved: (value: T) => void): Promise<boolean> {
    setSaving(true);
    setErrors({});
    try {
      onSaved(await save());
      notify('success', t('adminProducts.saved'));
      return true;
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields) setErrors(fields);
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { saving, errors, setErrors, run };
}
