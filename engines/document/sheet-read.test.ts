import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { emptyWorkbook, sampleDocx } from '../../tests/helpers/fixtures/spreadsheets';
import { EngineError } from './types';
import { inferValue } from './sheet-read-csv';
import { readSheets } from './sheet-read';

describe('reading sheets', () => {
  it('drops empty rows and columns around a table that starts at C3, and moves merges with it', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Offset');
    sheet.getCell('C3').value = '标题 Title';
    sheet.mergeCells('C3:D3');
    sheet.getCell('C4').value = 1;
    sheet.getCell('D4').value = 2;
    sheet.getCell('F9').border = { top: { style: 'thin' } };
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const [table] = await readSheets({ name: 'o.xlsx', bytes });
    expect(table).toEqual({ name: 'Offset', rows: [['标题 Title', null], [1, 2]], merges: [{ top: 0, left: 0, bottom: 0, right: 1 }] });
  });

  it('keeps a vertical merge whose covered rows hold nothing else', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Tall');
    sheet.getCell('A1').value = '区域 Region';
    sheet.getCell('B1').value = 'x';
    sheet.mergeCells('A1:A3');
    sheet.getCell('B4').value = 'y';
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const [table] = await readSheets({ name: 't.xlsx', bytes });
    expect(table?.rows).toEqual([['区域 Region', 'x'], [null, null], [null, null], [null, 'y']]);
    expect(table?.merges).toEqual([{ top: 0, left: 0, bottom: 2, right: 0 }]);
  });

  it('refuses a workbook without cells as empty', async () => {
    await expect(readSheets({ name: 'e.xlsx', bytes: await emptyWorkbook() })).rejects.toMatchObject({ reason: 'empty' });
    await expect(readSheets({ name: 'e.csv', bytes: new Uint8Array([0xef, 0xbb, 0xbf, 0x0d, 0x0a]) })).rejects.toMatchObject({ reason: 'empty' });
  });

  it('refuses corrupt input as unreadable', async () => {
    const truncated = (await emptyWorkbook()).slice(0, 200);
    await expect(readSheets({ name: 'bad.xlsx', bytes: truncated })).rejects.toMatchObject({ reason: 'unreadable' });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await expect(readSheets({ name: 'image.csv', bytes: png })).rejects.toBeInstanceOf(EngineError);
    await expect(readSheets({ name: 'image.csv', bytes: png })).rejects.toMatchObject({ reason: 'unreadable' });
  });

  it('refuses a zip that is not a workbook as unreadable', async () => {
    await expect(readSheets({ name: 'letter.xlsx', bytes: await sampleDocx() })).rejects.toMatchObject({ reason: 'unreadable' });
  });

  it('sends a legacy xls (an OLE container) away as unsupported', async () => {
    const ole = new Uint8Array(512);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await expect(readSheets({ name: 'old.xls', bytes: ole })).rejects.toMatchObject({ reason: 'unsupported' });
  });

  it('tells a password-protected workbook apart as encrypted', async () => {
    const ole = new Uint8Array(1024);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    ole.set(Array.from('EncryptionInfo').flatMap((ch) => [ch.charCodeAt(0), 0]), 600);
    await expect(readSheets({ name: 'secret.xlsx', bytes: ole })).rejects.toMatchObject({ reason: 'encrypted' });
  });
});

describe('typing csv fields', () => {
  it.each([
    ['42', 42],
    ['-1.5e3', -1500],
    ['.5', 0.5],
    ['0', 0],
    ['007', '007'],
    ['1234567890123456', '1234567890123456'],
    ['TRUE', true],
    ['false', false],
    ['  ', null],
    ['2024-02-29', new Date(Date.UTC(2024, 1, 29))],
    ['2023-02-29', '2023-02-29'],
    ['2024-05-06 07:08', new Date(Date.UTC(2024, 4, 6, 7, 8))],
    ['2024-05-06T07:08:09+08:00', new Date(Date.UTC(2024, 4, 5, 23, 8, 9))],
    ['12/03/2024', '12/03/2024'],
    ['1,234', '1,234'],
    ['北京', '北京'],
  ])('%j → %j', (raw, expected) => {
    expect(inferValue(raw)).toEqual(expected);
  });
});
