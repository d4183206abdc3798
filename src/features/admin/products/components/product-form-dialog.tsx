import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, Textarea } from '@fluentui/react-components';
import { tokens } from '../../../../lib/tokens';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_IMAGE_ACCEPT, PRODUCT_IMAGE_MAX_BYTES, type Product, type ProductCreate, type ProductUpdate } from '@contracts/admin/products';
import { ErrorCode } from '@contracts/error-codes';
import { isApiError } from '../../../../lib/api-client';
import { fieldMessage } from '../../../../lib/forms';
import { adminSend } from '../../common/admin-api';
import { useRowSave } from '../hooks/use-row-save';

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '12px 16px', '@media (max-width: 640px)': { gridTemplateColumns: '1fr' } },
  wide: { gridColumn: '1 / -1' },
  imageRow: { display: 'flex', alignItems: 'center', gap: '16px', flexWrap: 'wrap' },
  preview: {
    width: '96px',
    height: '96px',
    objectFit: 'contain',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  surface: { maxWidth: '720px', width: 'calc(100vw - 24px)' },
});

interface Values {
  id: string;
  name: string;
  nameZh: string;
  detail: string;
  detailZh: string;
}

const valuesOf = (p: Product | null): Values => ({ id: p?.id ?? '', name: p?.name ?? '', nameZh: p?.nameZh ?? '', detail: p?.detail ?? '', detailZh: p?.detailZh ?? '' });

/** Sends the image as the multipart field `image`; 41501 (not an image) is shown on the field, not as a toast. */
const uploadImage = (productId: string, file: File) => {
  const form = new FormData();
  form.append('image', file);
  return adminSend<Product>('POST', `/admin/products/${encodeURIComponent(productId)}/image`, form, [ErrorCode.VALIDATION_FAILED, ErrorCode.UNSUPPORTED_CONTENT]);
};

/**
 * Create or edit a product: names and details in both languages, and its image with a preview.
 * The record is saved first, then the image (a new product needs its id); messages appear on
 * the fields the server names.
 */
export function ProductFormDialog({ product, open, onClose, onSaved }: { product: Product | null; open: boolean; onClose: () => void; onSaved: (p: Product) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const formId = useId();
  const [values, setValues] = useState<Values>(valuesOf(product));
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const { saving, errors, setErrors, run } = useRowSave();
  /** Once the record is saved, a failed image upload leaves an edit of that record. */
  const [saved, setSaved] = useState<Product | null>(product);

  useEffect(() => {
    if (!image) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const set = (field: keyof Values) => (_e: unknown, d: { value: string }) => setValues((v) => ({ ...v, [field]: d.value }));
  const pick = (file: File | undefined) => {
    setErrors({ ...errors, image: '' });
    if (file && file.size > PRODUCT_IMAGE_MAX_BYTES) {
      setImage(null);
      return setErrors({ ...errors, image: 'adminProducts.validation.imageTooLarge' });
    }
    setImage(file ?? null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      let record = saved;
      const { id, ...rest } = values;
      if (!record) {
        const body: ProductCreate = { ...rest, ...(id.trim() ? { id: id.trim() } : {}) };
        record = await adminSend<Product>('POST', '/admin/products', body);
        setSaved(record);
      } else if (!product || rest.name !== product.name || rest.nameZh !== product.nameZh || rest.detail !== product.detail || rest.detailZh !== product.detailZh) {
        const change: ProductUpdate = rest;
        record = await adminSend<Product>('PATCH', `/admin/products/${encodeURIComponent(record.id)}`, change);
        setSaved(record);
      }
      if (image) {
        try {
          record = await uploadImage(record.id, image);
        } catch (err) {
          // The record itself was saved: the list shows it; the image's problem shows on its field.
          onSaved(record);
          const key = isApiError(err, ErrorCode.UNSUPPORTED_CONTENT) ? (err.data as { image?: unknown } | null)?.image : undefined;
          if (typeof key === 'string') setErrors({ image: key });
          throw err;
        }
      }
      return record;
    }, (record) => {
      onSaved(record);
      onClose();
    });
  };

  const error = (field: keyof Values | 'image') => fieldMessage(t, errors[field] || undefined);
  const currentImage = preview ?? (saved?.imageUrl || null);
  return (
    <Dialog open={open} onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{product ? t('adminProducts.products.editTitle', { name: product.name }) : t('adminProducts.products.createTitle')}</DialogTitle>
          <DialogContent>
            <form id={formId} className={styles.form} onSubmit={submit} noValidate>
              {!saved && (
                <Field className={styles.wide} label={t('adminProducts.products.id')} hint={t('adminProducts.products.idHint')} validationMessage={error('id')}>
                  <Input value={values.id} onChange={set('id')} />
                </Field>
              )}
              <Field label={t('adminProducts.products.name')} required validationMessage={error('name')}>
                <Input value={values.name} onChange={set('name')} />
              </Field>
              <Field label={t('adminProducts.products.nameZh')} required validationMessage={error('nameZh')}>
                <Input value={values.nameZh} onChange={set('nameZh')} />
              </Field>
              <Field label={t('adminProducts.products.detail')} validationMessage={error('detail')}>
                <Textarea value={values.detail} onChange={set('detail')} rows={4} resize="vertical" />
              </Field>
              <Field label={t('adminProducts.products.detailZh')} validationMessage={error('detailZh')}>
                <Textarea value={values.detailZh} onChange={set('detailZh')} rows={4} resize="vertical" />
              </Field>
              <Field className={styles.wide} label={t('adminProducts.products.image')} hint={t('adminProducts.products.imageHint')} validationMessage={error('image')}>
                <div className={styles.imageRow}>
                  {currentImage && <img className={styles.preview} src={currentImage} alt={t('adminProducts.products.preview')} data-testid="product-image-preview" />}
                  <input type="file" accept={PRODUCT_IMAGE_ACCEPT} onChange={(e) => pick(e.target.files?.[0])} aria-label={t('adminProducts.products.chooseImage')} />
                </div>
              </Field>
            </form>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              {t('common.actions.cancel')}
            </Button>
            <Button appearance="primary" type="submit" form={formId} disabled={saving}>
              {saving ? t('adminProducts.saving') : t('adminProducts.save')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
