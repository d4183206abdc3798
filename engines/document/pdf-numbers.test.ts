import { describe, expect, it } from 'vitest';
import { parseCellNumber } from './pdf-numbers';

describe('parseCellNumber', () => {
  it.each([
    ['450', 450, undefined],
    ['-23', -23, undefined],
    ['+15', 15, undefined],
    ['1.5', 1.5, undefined],
    ['2,100', 2100, '#,##0'],
    ['10264.158', 10264.158, undefined],
    ['$4,287.50', 4287.5, '"$"#,##0.00'],
    ['(1,234)', -1234, '#,##0;(#,##0)'],
    ['($12,000.00)', -12000, '"$"#,##0.00;("$"#,##0.00)'],
    ['97.2%', 0.972, '0.0%'],
    ['-4.8%', -0.048, '0.0%'],
    ['10.20%', 0.102, '0.00%'],
    ['€ 15', 15, '"€"0'],
    ['3.50', 3.5, '0.00'],
  ])('reads %s as %d', (text, value, format) => {
    expect(parseCellNumber(text)).toEqual({ value, format });
  });

  it.each(['SKU-8847', '2024-10-15', '(425) 111-1111', 'RO-20221108', '007', '-', '', '1.2.3', '(12', 'OK', '12 apples'])(
    'keeps %j as text',
    (text) => {
      expect(parseCellNumber(text)).toBeNull();
    },
  );
});
