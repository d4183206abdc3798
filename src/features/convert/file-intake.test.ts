import { describe, expect, it } from 'vitest';
import { checkFiles } from './file-intake';

const EXCEL = ['xlsx', 'csv', 'xls', 'xlsb'];
const single = { batch: false, maxBatchCount: 1, maxFileSize: 1000, availCount: 5 };
const batch = { batch: true, maxBatchCount: 3, maxFileSize: 1000, availCount: 5 };
const file = (name: string, size = 10) => ({ name, size });

describe('checkFiles', () => {
  it('refuses other types by name and keeps the accepted ones', () => {
    const out = checkFiles([file('a.xlsx'), file('b.pdf'), file('c.CSV')], EXCEL, batch);
    expect(out.accepted.map((f) => f.name)).toEqual(['a.xlsx', 'c.CSV']);
    expect(out.refused).toEqual([{ name: 'b.pdf', reason: 'type' }]);
    expect(out.quotaCode).toBeUndefined();
  });

  it('refuses files over the package size with 1005, and empty files', () => {
    const out = checkFiles([file('big.xlsx', 1001), file('ok.xlsx'), file('empty.csv', 0)], EXCEL, batch);
    expect(out.accepted.map((f) => f.name)).toEqual(['ok.xlsx']);
    expect(out.refused).toEqual([{ name: 'big.xlsx', reason: 'tooLarge' }, { name: 'empty.csv', reason: 'empty' }]);
    expect(out.quotaCode).toBe(1005);
  });

  it('takes several files only with a batch package (1002), and at most its batch count (1003)', () => {
    expect(checkFiles([file('a.xlsx'), file('b.xlsx')], EXCEL, single)).toMatchObject({ accepted: [], quotaCode: 1002 });
    expect(checkFiles([file('a.xlsx')], EXCEL, single).accepted).toHaveLength(1);
    const four = ['a', 'b', 'c', 'd'].map((n) => file(`${n}.xlsx`));
    expect(checkFiles(four, EXCEL, batch)).toMatchObject({ accepted: [], quotaCode: 1003 });
    expect(checkFiles(four.slice(0, 3), EXCEL, batch).accepted).toHaveLength(3);
  });

  it('checks only the type while the limit is unknown', () => {
    const out = checkFiles([file('a.xlsx', 10 ** 9), file('b.xlsx')], EXCEL);
    expect(out.accepted).toHaveLength(2);
  });
});
