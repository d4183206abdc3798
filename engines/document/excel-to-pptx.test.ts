import { describe, expect, it } from 'vitest';
import { BILINGUAL_WORKBOOK_TEXT, bilingualWorkbook, longWorkbook, wideWorkbook } from '../../tests/helpers/fixtures/spreadsheets';
import { readPptx } from '../../tests/helpers/read-office';
import { excelToPptx } from './excel-to-pptx';

describe('excel → pptx', () => {
  it('gives each sheet a titled slide whose table holds every cell', async () => {
    const out = await excelToPptx({ name: 'book.xlsx', bytes: await bilingualWorkbook() });
    expect(out).toMatchObject({ name: 'book.pptx', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' });
    const slides = await readPptx(out.bytes);
    expect(slides).toHaveLength(2);
    expect(slides.map((s) => s.texts[0])).toEqual(['库存 Inventory', '城市 Cities']);
    expect(slides.map((s) => s.tables[0])).toEqual(Object.values(BILINGUAL_WORKBOOK_TEXT));
  });

  it('splits 40 rows over 3 slides of 15, repeating the header and numbering the title', async () => {
    const out = await excelToPptx({ name: 'long.xlsx', bytes: await longWorkbook(40) });
    expect(out.bytes.length, 'deflated, not stored').toBeLessThan(60_000);
    const slides = await readPptx(out.bytes);
    expect(slides).toHaveLength(3);
    expect(slides.map((s) => s.texts[0])).toEqual(['长表 Long (1/3)', '长表 Long (2/3)', '长表 Long (3/3)']);
    const header = ['序号 No.', '名称 Name', '数值 Value'];
    for (const slide of slides) expect(slide.tables[0]?.[0]).toEqual(header);
    expect(slides.map((s) => (s.tables[0]?.length ?? 0) - 1)).toEqual([15, 15, 10]);
    const dataRows = slides.flatMap((s) => s.tables[0]?.slice(1) ?? []);
    expect(dataRows).toEqual(Array.from({ length: 40 }, (_, i) => [String(i + 1), `项目 item ${i + 1}`, String((i + 1) * 1.5)]));
  });

  it('shrinks the font of a wide sheet', async () => {
    const [narrow] = await readPptx((await excelToPptx({ name: 'n.xlsx', bytes: await longWorkbook(3) })).bytes);
    const [wide] = await readPptx((await excelToPptx({ name: 'w.xlsx', bytes: await wideWorkbook(14) })).bytes);
    expect(new Set(narrow?.tableFontSizes)).toEqual(new Set([14]));
    expect(new Set(wide?.tableFontSizes)).toEqual(new Set([10]));
    expect(wide?.tables[0]?.[2]?.[13]).toBe('值 v14');
  });
});
