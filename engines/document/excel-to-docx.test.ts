import { describe, expect, it } from 'vitest';
import { BILINGUAL_WORKBOOK_TEXT, bilingualCsv, bilingualWorkbook, wideWorkbook } from '../../tests/helpers/fixtures/spreadsheets';
import { readDocx } from '../../tests/helpers/read-office';
import { excelToDocx } from './excel-to-docx';

describe('excel → docx', () => {
  it('holds every cell of every sheet in a real Word table under the sheet name', async () => {
    const out = await excelToDocx({ name: 'book.xlsx', bytes: await bilingualWorkbook() });
    expect(out).toMatchObject({ name: 'book.docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    const docx = await readDocx(out.bytes);
    // The empty paragraph between them carries the first sheet's section break.
    expect(docx.paragraphs.filter((p) => p !== '')).toEqual(['库存 Inventory', '城市 Cities']);
    expect(docx.tables).toEqual(Object.values(BILINGUAL_WORKBOOK_TEXT));
    expect(docx.textBoxes).toBe(0);
    expect(docx.frames).toBe(0);
  });

  it('repeats a bold header row and keeps merged cells merged', async () => {
    const { xml } = await readDocx((await excelToDocx({ name: 'book.xlsx', bytes: await bilingualWorkbook() })).bytes);
    const [firstTable = '', citiesTable = ''] = xml.match(/<w:tbl>[\s\S]*?<\/w:tbl>/g) ?? [];
    const [headerRow = '', firstDataRow = ''] = firstTable.match(/<w:tr>[\s\S]*?<\/w:tr>/g) ?? [];
    expect(headerRow).toContain('<w:tblHeader/>');
    expect(headerRow).toContain('<w:b/>');
    expect(firstDataRow).not.toContain('<w:tblHeader/>');
    expect(firstDataRow).not.toContain('<w:b/>');
    expect(citiesTable).toContain('<w:vMerge w:val="restart"/>');
    expect(citiesTable).toContain('<w:vMerge w:val="continue"/>');
    expect(citiesTable).toContain('<w:gridSpan w:val="2"/>');
  });

  it('puts narrow sheets on portrait pages and wide ones on landscape pages', async () => {
    const narrow = await readDocx((await excelToDocx({ name: 'n.xlsx', bytes: await bilingualWorkbook() })).bytes);
    expect(narrow.landscapeSections).toBe(1);
    expect(narrow.sections).toBe(2);
    const wide = await readDocx((await excelToDocx({ name: 'w.xlsx', bytes: await wideWorkbook(14) })).bytes);
    expect(wide.landscapeSections).toBe(1);
    expect(wide.tables[0]?.[0]?.[13]).toBe('列 Col 14');
  });

  it('converts a csv', async () => {
    const docx = await readDocx((await excelToDocx({ name: 'cities 城市.csv', bytes: bilingualCsv() })).bytes);
    expect(docx.paragraphs.filter((p) => p !== '')).toEqual(['cities 城市']);
    expect(docx.tables[0]?.map((row) => row[0])).toEqual(['城市', '北京', '上海', '广州', '深圳']);
  });
});
