import { centsToPriceText, priceTextToCents, type AdminBundle, type BillingCurrency, type BundleDuration, type CreateBundleRequest } from '@contracts/admin/bundles';
import type { BundleKind } from '@contracts/memberships';
import type { QuotaType } from '@contracts/quota';

/** File sizes are entered in MB and stored in bytes. */
export const MB = 1024 * 1024;

export interface QuotaRowState {
  /** A stable React key for the row. */
  key: number;
  productId: string;
  quotaType: QuotaType;
  /** As typed: times, MB or files. */
  amount: string;
}

/** The bundle editor's fields as the inputs hold them (text where the user types). */
export interface BundleFormState {
  id: string;
  name: string;
  nameZh: string;
  desc: string;
  descZh: string;
  bundleIcon: string;
  price: string;
  currency: string;
  kind: BundleKind;
  duration: BundleDuration;
  /** '' for a pack. */
  periodMonths: '' | '1' | '6' | '12';
  trial: boolean;
  batch: boolean;
  published: boolean;
  sortOrder: string;
  quotas: QuotaRowState[];
  convertTypes: string[];
}

/** field path → i18n key, as the server's 40001 `data` and the checks below give them. */
export type FormErrors = Record<string, string>;

let rowKey = 0;
export const nextRowKey = () => ++rowKey;

const amountText = (type: QuotaType, value: number) => String(type === 'TYPE_SIZE' ? Math.round((value / MB) * 100) / 100 : value);

/** A new bundle starts as an unpublished one-month pack in US dollars with one conversion item. */
export function emptyForm(defaultProduct = 'convert'): BundleFormState {
  return {
    id: '',
    name: '',
    nameZh: '',
    desc: '',
    descZh: '',
    bundleIcon: '',
    price: '',
    currency: 'USD',
    kind: 'pack',
    duration: 'ONE_MONTH',
    periodMonths: '',
    trial: false,
    batch: false,
    published: false,
    sortOrder: '0',
    quotas: [{ key: nextRowKey(), productId: defaultProduct, quotaType: 'TYPE_API', amount: '' }],
    convertTypes: [],
  };
}

export function formOf(b: AdminBundle): BundleFormState {
  return {
    id: b.id,
    name: b.name,
    nameZh: b.nameZh,
    desc: b.desc,
    descZh: b.descZh,
    bundleIcon: b.bundleIcon,
    price: centsToPriceText(b.price),
    currency: b.currency,
    kind: b.kind,
    duration: b.duration,
    periodMonths: b.periodMonths ? (String(b.periodMonths) as BundleFormState['periodMonths']) : '',
    trial: b.trial,
    batch: b.batch,
    published: b.published,
    sortOrder: String(b.sortOrder),
    quotas: b.quotas.map((q) => ({ key: nextRowKey(), productId: q.productId, quotaType: q.quotaType, amount: amountText(q.quotaType, q.quota) })),
    convertTypes: [...b.convertTypes],
  };
}

/** A quota amount as stored: a whole number above 0 (MB turned into bytes); null when it is not one. */
export function quotaValue(row: Pick<QuotaRowState, 'quotaType' | 'amount'>): number | null {
  const text = row.amount.trim();
  if (row.quotaType === 'TYPE_SIZE') {
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
    const bytes = Math.round(Number(text) * MB);
    return bytes > 0 ? bytes : null;
  }
  if (!/^\d{1,12}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}

/** The checks the browser can make before sending; the server checks again and has the last word. */
export function checkForm(f: BundleFormState, creating: boolean): FormErrors {
  const errors: FormErrors = {};
  const required = 'adminBilling.validation.required';
  if (creating && f.id.trim() && !/^[a-z0-9][a-z0-9-]{1,39}$/.test(f.id.trim())) errors.id = 'adminBilling.validation.id';
  if (!f.name.trim()) errors.name = required;
  if (!f.nameZh.trim()) errors.nameZh = required;
  if (priceTextToCents(f.price) === null) errors.price = 'adminBilling.validation.price';
  if (f.kind === 'membership' && !f.periodMonths) errors.periodMonths = 'adminBilling.validation.periodRequired';
  if (!/^-?\d{1,7}$/.test(f.sortOrder.trim())) errors.sortOrder = 'adminBilling.validation.whole';
  if (f.quotas.length === 0) errors.quotas = 'adminBilling.validation.quotasRequired';
  f.quotas.forEach((q, i) => {
    if (!q.productId) errors[`quotas.${i}.productId`] = required;
    if (quotaValue(q) === null) errors[`quotas.${i}.quota`] = 'adminBilling.validation.amount';
  });
  return errors;
}

/** What the API is sent; call after checkForm found nothing. */
export function bodyOf(f: BundleFormState): CreateBundleRequest {
  return {
    ...(f.id.trim() ? { id: f.id.trim() } : {}),
    name: f.name.trim(),
    nameZh: f.nameZh.trim(),
    desc: f.desc.trim(),
    descZh: f.descZh.trim(),
    bundleIcon: f.bundleIcon.trim(),
    price: priceTextToCents(f.price) ?? 0,
    currency: f.currency as BillingCurrency,
    kind: f.kind,
    duration: f.duration,
    periodMonths: f.kind === 'membership' && f.periodMonths ? (Number(f.periodMonths) as 1 | 6 | 12) : null,
    trial: f.trial,
    batch: f.batch,
    published: f.published,
    sortOrder: Number(f.sortOrder.trim()),
    quotas: f.quotas.map((q) => ({ productId: q.productId, quotaType: q.quotaType, quota: quotaValue(q) ?? 0 })),
    convertTypes: f.convertTypes,
  };
}
