import { describe, expect, it } from 'vitest';
import { parseCellDate, parseCellNumber } from './pdf-numbers';

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

describe('parseCellNumber: more number shapes', () => {
  it.each([
    ['−7', -7],
    ['- 42', -42],
    ['(3.5%)', -0.035],
    ['-$1,000', -1000],
    ['$ (250.00)', null],
    ['.75', 0.75],
    ['1,234,567.891', 1234567.891],
    ['£0.99', 0.99],
    ['¥1,000', 1000],
    ['12,34', null],
    ['1,2345', null],
    ['(12)%', null],
  ])('reads %j as %j', (text, value) => {
    expect(parseCellNumber(text)?.value ?? null).toBe(value);
  });

  it('keeps the decimals and grouping the PDF showed in the format', () => {
    expect(parseCellNumber('1,250,000.00')).toEqual({ value: 1250000, format: '#,##0.00' });
    expect(parseCellNumber('(3.5%)')).toEqual({ value: -0.035, format: '0.0%;(0.0%)' });
  });
});

describe('parseCellDate', () => {
  const utc = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
  it.each([
    ['2024-10-15', '2024-10-15', 'yyyy-mm-dd'],
    ['2024/1/5', '2024-01-05', 'yyyy/mm/dd'],
    ['15.10.2024', '2024-10-15', 'dd.mm.yyyy'],
    ['25/12/2024', '2024-12-25', 'dd/mm/yyyy'],
    ['12/25/2024', '2024-12-25', 'mm/dd/yyyy'],
    ['Nov 1, 2024', '2024-11-01', 'mmm d, yyyy'],
    ['November 1, 2024', '2024-11-01', 'mmmm d, yyyy'],
    ['Sept 3 2024', '2024-09-03', 'mmmm d, yyyy'],
    ['1 November 2024', '2024-11-01', 'd mmmm yyyy'],
    ['01-Nov-2024', '2024-11-01', 'dd-mmm-yyyy'],
  ])('reads %s as %s', (text, iso, format) => {
    expect(parseCellDate(text)).toEqual({ value: utc(iso), format });
  });

  it.each(['03/04/2024', '2024-02-30', '2024-13-01', '31.04.2024', 'Marching 3, 2024', 'SKU-2024-11', '2024', 'RO-20221108', '1/2'])('keeps %j as text', (text) => {
    expect(parseCellDate(text)).toBeNull();
  });
});
