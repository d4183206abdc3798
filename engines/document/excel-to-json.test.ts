import { describe, expect, it } from 'vitest';
import {
  BILINGUAL_CSV_JSON,
  BILINGUAL_WORKBOOK_JSON,
  bilingualCsv,
  bilingualWorkbook,
  gbkSemicolonCsv,
} from '../../tests/helpers/fixtures/spreadsheets';
import { excelToJson } from './excel-to-json';

const parse = (bytes: Uint8Array): unknown => JSON.parse(new TextDecoder().decode(bytes));

describe('excel → json', () => {
  it('gives every sheet its rows, keyed by the header, with typed values', async () => {
    const out = await excelToJson({ name: '报表 report.xlsx', bytes: await bilingualWorkbook() });
    expect(out.name).toBe('报表 report.json');
    expect(out.mime).toBe('application/json');
    expect(parse(out.bytes)).toEqual(BILINGUAL_WORKBOOK_JSON);
    expect(Object.keys(parse(out.bytes) as object)).toEqual(['库存 Inventory', '城市 Cities', '空 Empty']);
  });

  it('types csv fields, drops the BOM and keeps quoted commas', async () => {
    const out = await excelToJson({ name: 'cities 城市.csv', bytes: bilingualCsv() });
    expect(parse(out.bytes)).toEqual(BILINGUAL_CSV_JSON);
  });

  it('reads a GBK csv separated by semicolons', async () => {
    const out = await excelToJson({ name: 'gbk.csv', bytes: gbkSemicolonCsv() });
    expect(parse(out.bytes)).toEqual({ gbk: [{ 城市: '北京', 人口: 2189 }, { 城市: '上海', 人口: 2487 }] });
  });

  it('reads tab-separated text', async () => {
    const bytes = new TextEncoder().encode('名称\t数量\n笔\t3\n');
    expect(parse((await excelToJson({ name: 'list.tsv', bytes })).bytes)).toEqual({ list: [{ 名称: '笔', 数量: 3 }] });
  });

  it('reports progress and stops when aborted', async () => {
    const bytes = await bilingualWorkbook();
    const seen: number[] = [];
    await excelToJson({ name: 'b.xlsx', bytes }, { onProgress: (f) => seen.push(f) });
    expect(seen).toEqual([0.5, 1]);
    const controller = new AbortController();
    controller.abort();
    await expect(excelToJson({ name: 'b.xlsx', bytes }, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
