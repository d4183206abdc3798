import { describe, expect, it } from 'vitest';
import { CATALOGUE_CONVERT_TYPES, centsToPriceText, MAX_PRICE_CENTS, priceTextToCents } from './bundles.js';

describe('prices entered as amounts', () => {
  it('turns 12.99 into 1299 cents exactly, with a dot or a comma, up to two decimals', () => {
    expect(['12.99', '12,99', '0.1', '0.07', '7', ' 19.90 ', '1000000'].map(priceTextToCents)).toEqual([1299, 1299, 10, 7, 700, 1990, MAX_PRICE_CENTS]);
    // 0.29 * 100 is 28.999… in floating point: the parse never goes through it.
    expect(priceTextToCents('0.29')).toBe(29);
  });

  it('refuses what is not an amount, three decimals, negatives and more than the maximum', () => {
    expect(['', 'abc', '1.234', '-1', '1e3', '1.', '.5', '1000000.01'].map(priceTextToCents)).toEqual([null, null, null, null, null, null, null, null]);
  });

  it('shows cents as the amount the field starts with', () => {
    expect([1299, 7, 700, 0].map(centsToPriceText)).toEqual(['12.99', '0.07', '7.00', '0.00']);
    for (const c of [1, 99, 100, 4999, 123456]) expect(priceTextToCents(centsToPriceText(c))).toBe(c);
  });

  it('offers every card key of the catalogue', () => {
    expect(CATALOGUE_CONVERT_TYPES).toEqual(expect.arrayContaining(['word-to-pdf', 'word-to-text', 'pdf-to-word', 'excel-to-markdown', 'ppt-to-html']));
  });
});
