import type { TFunction } from 'i18next';
import { QUOTA_TYPES } from '@contracts/quota';
import type { ProductQuota, QuotaItem } from './products-api';

/** Spec §3: TYPE_API as times, TYPE_SIZE in MB with 0 decimals, TYPE_BATCH_COUNT as files. */
export function quotaAmount(t: TFunction, item: Pick<QuotaItem, 'quotaType'>, value: number): string {
  switch (item.quotaType) {
    case 'TYPE_SIZE':
      return t('profile.products.value.mb', { mb: (value / 1024 / 1024).toFixed(0) });
    case 'TYPE_BATCH_COUNT':
      return t('profile.products.value.files', { count: value });
    default:
      return t('profile.products.value.times', { count: value });
  }
}

const locale = (language: string) => (language === 'zh' ? 'zh-CN' : 'en-GB');

/** A day, as the renewal line says it: "23 Dec 2026", "2026年12月23日". */
export function formatDay(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(locale(language), { dateStyle: 'medium' });
}

/** A deadline to the minute, for the quota table. */
export function formatDeadline(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(locale(language), { dateStyle: 'medium', timeStyle: 'short' });
}

/** The quota items of one package, with what the package includes. */
export interface PackageGroup {
  bundleId: string;
  name: string;
  desc: string;
  items: QuotaItem[];
}

const typeOrder = (item: QuotaItem) => QUOTA_TYPES.indexOf(item.quotaType);

/**
 * An entry's items by the package that granted them, conversions first, newest deadline first.
 * A membership shows its latest period only: the earlier ones have ended.
 */
export function packageGroups(entry: ProductQuota): PackageGroup[] {
  let items = entry.quotaInfo;
  if (entry.membership) {
    const latest = Math.max(...items.map((q) => Date.parse(q.validDate)));
    items = items.filter((q) => Date.parse(q.validDate) === latest);
  }
  const groups = new Map<string, PackageGroup>();
  for (const item of items) {
    const id = item.bundleId ?? '';
    const pkg = entry.packages?.find((p) => p.bundleId === id);
    const group = groups.get(id) ?? { bundleId: id, name: pkg?.name ?? item.bundleName ?? entry.productInfo.productName, desc: pkg?.desc ?? '', items: [] };
    group.items.push(item);
    groups.set(id, group);
  }
  for (const group of groups.values()) group.items.sort((a, b) => typeOrder(a) - typeOrder(b) || Date.parse(b.validDate) - Date.parse(a.validDate));
  return [...groups.values()];
}

/** A stable key for an entry: its product, and its membership when it is one. */
export const entryKey = (entry: ProductQuota) => `${entry.productInfo.productId}|${entry.membership?.subscriptionId ?? ''}`;
