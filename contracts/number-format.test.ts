import { describe, expect, it } from 'vitest';
import { BILLING_CURRENCIES } from './admin/bundles';
import { FAST_CURRENCIES, formatCurrencyCents, formatInteger } from './number-format';

const LOCALES = ['en-US', 'zh-CN'];
/** Edges of every grouping width, and a spread of ordinary values. */
const INTEGERS = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10000, 99999, 100000, 999999, 1000000, 1234567, 98765432, 2 ** 31, Number.MAX_SAFE_INTEGER, ...Array.from({ length: 200 }, (_, i) => Math.floor(1.37 ** i) % Number.MAX_SAFE_INTEGER)];

describe('number formats without Intl', () => {
  it.each(LOCALES)('writes integers as Intl does in %s', (locale) => {
    const intl = new Intl.NumberFormat(locale);
    for (const n of INTEGERS) {
      expect(formatInteger(n, locale)).toBe(intl.format(n));
      expect(formatInteger(-n, locale)).toBe(intl.format(-n));
    }
  });

  it.each(LOCALES)('writes prices as Intl does in %s, for every currency it knows', (locale) => {
    for (const currency of FAST_CURRENCIES) {
      const intl = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
      for (const cents of [0, 1, 5, 99, 100, 499, 999, 4999, 8999, 100000, 123456789, ...INTEGERS.slice(20, 60)]) {
        expect(formatCurrencyCents(cents, currency, locale)).toBe(intl.format(cents / 100));
        if (cents > 0) expect(formatCurrencyCents(-cents, currency, locale)).toBe(intl.format(-cents / 100));
      }
    }
  });

  it('knows every currency staff can sell in', () => {
    expect([...FAST_CURRENCIES].sort()).toEqual([...BILLING_CURRENCIES].sort());
  });

  it('leaves other locales, currencies and fractions to Intl', () => {
    expect(formatInteger(1234567, 'de-DE')).toBe(new Intl.NumberFormat('de-DE').format(1234567));
    expect(formatInteger(1234.5, 'en-US')).toBe('1,234.5');
    expect(formatCurrencyCents(123456, 'JPY', 'en-US')).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(1234.56));
    expect(formatCurrencyCents(4999, 'EUR', 'fr-FR')).toBe(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(49.99));
  });
});
