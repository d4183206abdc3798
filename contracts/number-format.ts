/**
 * Integers and prices in the app's two locales, without Intl where it is not needed. The first
 * `Intl.NumberFormat` a page makes loads ICU's number data: 28 ms in a fresh Chromium page here,
 * 66 ms inside the traced start of the pricing page, one task that cannot be split, during
 * hydration (docs/performance.md). en-US and zh-CN write integers the same way (groups of three,
 * a comma), and the currencies the product sells in have a fixed symbol per locale; anything else
 * goes to Intl. `number-format.test.ts` holds the fast path to Intl's output value by value.
 */
const GROUPING_LOCALES = new Set(['en-US', 'zh-CN']);

/** Currency symbols as CLDR writes them in each locale (checked against Intl by the test). */
const CURRENCY_SYMBOLS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'en-US': { USD: '$', EUR: '€', GBP: '£', CNY: 'CN¥', HKD: 'HK$', AUD: 'A$', CAD: 'CA$', SGD: 'SGD\u00a0' },
  'zh-CN': { USD: 'US$', EUR: '€', GBP: '£', CNY: '¥', HKD: 'HK$', AUD: 'AU$', CAD: 'CA$', SGD: 'SGD\u00a0' },
};

/** The currencies whose symbol the fast path knows (every billing currency: the test checks both). */
export const FAST_CURRENCIES = Object.keys(CURRENCY_SYMBOLS['en-US']!);

const intlFormats = new Map<string, Intl.NumberFormat>();
function intl(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = intlFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    intlFormats.set(key, format);
  }
  return format;
}

/** "1234567" → "1,234,567". */
const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** 12345 → "12,345" in en-US and zh-CN; other locales and non-integers through Intl. */
export function formatInteger(value: number, locale: string): string {
  if (GROUPING_LOCALES.has(locale) && Number.isSafeInteger(value)) return (value < 0 || Object.is(value, -0) ? '-' : '') + group(String(Math.abs(value)));
  return intl(locale, {}).format(value);
}

/** An amount in cents with two decimals and the currency's symbol: 4999 USD → "$49.99" (en-US), "US$49.99" (zh-CN). */
export function formatCurrencyCents(cents: number, currency: string, locale: string): string {
  const symbol = CURRENCY_SYMBOLS[locale]?.[currency];
  if (symbol !== undefined && Number.isSafeInteger(cents)) {
    const abs = Math.abs(cents);
    return `${cents < 0 ? '-' : ''}${symbol}${group(String(Math.floor(abs / 100)))}.${String(abs % 100).padStart(2, '0')}`;
  }
  return intl(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
}

/** An order's amount in cents as the spec shows it (divided by 100, two decimals); never throws on an odd currency code. */
export function formatOrderAmount(cents: number, currency: string, locale: string): string {
  try {
    return formatCurrencyCents(cents, currency, locale);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}
