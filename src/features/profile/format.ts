import type { TFunction } from 'i18next';
import { formatOrderAmount } from '@contracts/orders';
import { intlLocale } from '../../lib/bundle-text';
import type { QuotaItem } from './api';

/** Spec §3: API quota as times, SIZE in MB (0 decimals), BATCH_COUNT as files. */
export function formatQuota(t: TFunction, item: QuotaItem): string {
  switch (item.quotaType) {
    case 'TYPE_SIZE':
      return t('profile.products.size', { mb: (item.quota / 1024 / 1024).toFixed(0) });
    case 'TYPE_BATCH_COUNT':
      return t('profile.products.files', { count: item.availQuota });
    default:
      return t('profile.products.times', { count: item.availQuota });
  }
}

/** Order amounts are cents: shown divided by 100 with 2 decimals, in the app language. */
export function formatAmount(cents: number, currency: string, language: string): string {
  return formatOrderAmount(cents, currency, intlLocale(language));
}

export function formatDate(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(language === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
