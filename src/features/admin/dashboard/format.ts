import { formatOrderAmount } from '@contracts/orders';
import { intlLocale } from '../../../lib/bundle-text';

/** Numbers, money, shares and sizes in the admin area's language. */
export function dashboardFormat(language: string) {
  const locale = intlLocale(language);
  const integer = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  return {
    count: (n: number) => integer.format(n),
    /** Cents in their currency, two decimals (spec §9). */
    money: (cents: number, currency: string) => formatOrderAmount(cents, currency, locale),
    percent: (share: number) => percent.format(share),
    /** 1536 → '1.5 KB', in binary units as file managers show them. */
    bytes: (bytes: number) => {
      const units = ['B', 'KB', 'MB', 'GB', 'TB'];
      let value = bytes;
      let unit = 0;
      while (value >= 1024 && unit < units.length - 1) {
        value /= 1024;
        unit += 1;
      }
      return `${value.toLocaleString(locale, { maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1 })} ${units[unit]}`;
    },
    /** A UTC day `2026-11-23` as the reader writes dates, without shifting it into their time zone. */
    day: (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, { timeZone: 'UTC', month: 'short', day: 'numeric' }),
  };
}
export type DashboardFormat = ReturnType<typeof dashboardFormat>;
