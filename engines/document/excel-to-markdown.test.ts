import { describe, expect, it } from 'vitest';
import { BILINGUAL_WORKBOOK_TEXT, bilingualCsv, bilingualWorkbook } from '../../tests/helpers/fixtures/spreadsheets';
import { readMarkdownTables } from '../../tests/helpers/read-office';
import { excelToMarkdown } from './excel-to-markdown';

describe('excel → markdown', () => {
  it('writes a heading and a GFM table per non-empty sheet holding every cell', async () => {
    const out = await excelToMarkdown({ name: 'book.xlsx', bytes: await bilingualWorkbook() });
    const markdown = new TextDecoder().decode(out.bytes);
    expect(out).toMatchObject({ name: 'book.md', mime: 'text/markdown' });
    expect(readMarkdownTables(markdown)).toEqual(BILINGUAL_WORKBOOK_TEXT);
    expect(markdown).not.toContain('空 Empty');
  });

  it('escapes pipes, line breaks and tags inside a cell so the row stays one table row', async () => {
    const markdown = new TextDecoder().decode((await excelToMarkdown({ name: 'book.xlsx', bytes: await bilingualWorkbook() })).bytes);
    expect(markdown).toContain('| 管道 \\| pipe<br>第二行 \\<b>& | 2 | -1.25 |  | FALSE | -2.5 |  | 4 |');
    expect(markdown).toContain('| 名称 Name | 数量 Qty | 单价 Price | 日期 Date | 有货 In stock | 总价 Total |  | 数量 Qty |\n| --- | --- | --- | --- | --- | --- | --- | --- |');
  });

  it('converts a csv', async () => {
    const markdown = new TextDecoder().decode((await excelToMarkdown({ name: 'cities 城市.csv', bytes: bilingualCsv() })).bytes);
    expect(readMarkdownTables(markdown)['cities 城市']?.[2]).toEqual(['上海', '2487.1', '6340.5', 'TRUE', '2020-11-01 08:00', '200000', '含"引号"']);
  });
});
