import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvLines } from './orders-csv.js';

describe('csvLines', () => {
  it('quotes commas, quotes and line breaks so the cells read back as they were', () => {
    const rows = [['a,b', 'say "hi"', 'two\nlines', '订单', null, 12.5]];
    const text = csvLines(rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(Papa.parse<string[]>(text.trimEnd(), { newline: '\r\n' }).data).toEqual([['a,b', 'say "hi"', 'two\nlines', '订单', '', '12.5']]);
  });

  it('guards cells a spreadsheet would run as formulas with a leading quote', () => {
    const cells = ['=1+2', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx', 'safe=1', 'a-b'];
    const back = Papa.parse<string[]>(csvLines([cells]).trimEnd(), { newline: '\r\n' }).data[0];
    expect(back).toEqual(["'=1+2", "'+SUM(A1)", "'-2+3", "'@cmd", "'\tx", "'\rx", 'safe=1', 'a-b']);
  });

  it('writes nothing for no rows, and batches join into one file', () => {
    expect(csvLines([])).toBe('');
    expect(csvLines([['a']]) + csvLines([['b']])).toBe('a\r\nb\r\n');
  });
});
