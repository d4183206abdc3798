/**
 * How a bundle reads on the pricing cards, the checkout and the orders list: the same words
 * everywhere (texts under `pricing.*`).
 */
import type { TFunction } from 'i18next';
import { formatInteger, formatOrderAmount } from '@contracts/number-format';
import { formatQuotaValue, type QuotaType } from '@contracts/quota-values';
import type { Bundle } from '@contracts/quota';

/** Locale for Intl formatting of the app language. */
export const intlLocale = (lang: string) => (lang === 'zh' ? 'zh-CN' : 'en-US');

/** Duration enum values as camelCase i18n keys (`pricing.duration.oneMonth`). */
const DURATION_KEYS: Record<Bundle['duration'], string> = {
  ONE_DAY: 'oneDay',
  THREE_DAYS: 'threeDays',
  ONE_WEEK: 'oneWeek',
  ONE_MONTH: 'oneMonth',
  ONE_QUARTER: 'oneQuarter',
  HALF_YEAR: 'halfYear',
  ONE_YEAR: 'oneYear',
};

export function durationText(t: TFunction, duration: Bundle['duration']): string {
  return t(`pricing.duration.${DURATION_KEYS[duration]}`);
}

export function priceText(t: TFunction, bundle: Bundle, lang: string): string {
  return bundle.trial || bundle.price === 0 ? t('pricing.card.free') : formatOrderAmount(bundle.price, bundle.currency, intlLocale(lang));
}

/** Conversions first, then file size, then batch size. */
const QUOTA_ORDER: readonly QuotaType[] = ['TYPE_API', 'TYPE_SIZE', 'TYPE_BATCH_COUNT'];

/** One line per quota: "300 conversions", "Files up to 50 MB", "Up to 10 files per batch". */
export function quotaLines(t: TFunction, bundle: Bundle, lang: string): string[] {
  return [...bundle.quotas]
    .sort((a, b) => QUOTA_ORDER.indexOf(a.quotaType) - QUOTA_ORDER.indexOf(b.quotaType))
    .map((q) => {
      if (q.quotaType === 'TYPE_BATCH_COUNT' && q.quota <= 1) return t('pricing.quota.singleFile');
      const { value } = formatQuotaValue(q.quotaType, q.quota);
      return t(`pricing.quota.${q.quotaType}`, { value: formatInteger(Number(value), intlLocale(lang)) });
    });
}

/** A membership renews every `periodMonths` (contracts/memberships.ts); anything else is a one-off pack. */
export function membershipMonths(bundle: Pick<Bundle, 'kind' | 'periodMonths'>): number | null {
  return bundle.kind === 'membership' && bundle.periodMonths ? bundle.periodMonths : null;
}

/** "per month", "every 6 months", "per year": how often a membership is charged (`pricing.membership.per.m{n}`). */
export function renewalPeriodText(t: TFunction, months: number): string {
  return t(`pricing.membership.per.m${months}`);
}

/** "What you get" on the checkout: every quota line, then how long it lasts, or how it renews. */
export function bundleBenefits(t: TFunction, bundle: Bundle, lang: string): string[] {
  const months = membershipMonths(bundle);
  const last = months ? t(`payment.summary.renews.m${months}`) : t('payment.summary.validFor', { period: durationText(t, bundle.duration) });
  return [...quotaLines(t, bundle, lang), last];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Milliseconds left as hh:mm:ss; hours go past 24 (an order stays payable about two days). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}
