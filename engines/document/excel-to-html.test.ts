import { describe, expect, it } from 'vitest';
import { BILINGUAL_WORKBOOK_TEXT, bilingualWorkbook } from '../../tests/helpers/fixtures/spreadsheets';
import { readHtmlTables } from '../../tests/helpers/read-office';
import { excelToHtml } from './excel-to-html';

describe('excel → html', () => {
  it('writes one UTF-8 page with a captioned table per sheet holding every cell', async () => {
    const out = await excelToHtml({ name: '报表.xlsx', bytes: await bilingualWorkbook() });
    const html = new TextDecoder().decode(out.bytes);
    expect(out).toMatchObject({ name: '报表.html', mime: 'text/html' });
    expect(html).toMatch(/^<!doctype html>\n<html>\n<head>\n<meta charset="utf-8">/);
    expect(html).toContain('<title>报表</title>');
    const tables = readHtmlTables(html);
    expect(Object.keys(tables)).toEqual(['库存 Inventory', '城市 Cities']);
    for (const [name, cells] of Object.entries(BILINGUAL_WORKBOOK_TEXT)) expect(tables[name]?.grid).toEqual(cells);
  });

  it('turns merges into rowspan and colspan and leaves the covered cells out', async () => {
    const html = new TextDecoder().decode((await excelToHtml({ name: 'b.xlsx', bytes: await bilingualWorkbook() })).bytes);
    const rows = readHtmlTables(html)['城市 Cities']?.rows ?? [];
    expect(rows[3]).toEqual([{ text: '广州 Guangzhou', colspan: 1, rowspan: 2 }, { text: '5', colspan: 1, rowspan: 1 }, { text: '6', colspan: 1, rowspan: 1 }]);
    expect(rows[4]?.map((c) => c.text)).toEqual(['7', '8']);
    expect(rows[5]).toEqual([{ text: '备注 Note', colspan: 1, rowspan: 1 }, { text: '数据为估计值 estimates', colspan: 2, rowspan: 1 }]);
  });

  it('escapes markup in cells and in the file name', async () => {
    const html = new TextDecoder().decode((await excelToHtml({ name: '<x>.xlsx', bytes: await bilingualWorkbook() })).bytes);
    expect(html).toContain('<td>管道 | pipe\n第二行 &lt;b&gt;&amp;</td>');
    expect(html).toContain('<title>&lt;x&gt;</title>');
    expect(html).not.toContain('<b>');
  });
});
