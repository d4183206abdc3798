import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../../tests/helpers/corpus';
import { readDocx, readHtmlTables, readMarkdownTables, readPptx, readXlsx } from '../../tests/helpers/read-office';
import type { ConvertInput } from './types';
import { excelToDocx } from './excel-to-docx';
import { excelToHtml } from './excel-to-html';
import { excelToJson } from './excel-to-json';
import { excelToMarkdown } from './excel-to-markdown';
import { excelToPptx } from './excel-to-pptx';

const FILES = ['xlsx_table_with_title.xlsx', 'xlsx_edge_cases.xlsx', 'markitdown_test.xlsx', 'csv_comma.csv'];
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
/** excelToJson's output: each sheet's name to its rows, keyed by header. */
type Book = Record<string, Record<string, unknown>[]>;
const parseBook = (text: string) => JSON.parse(text) as Book;

/** Every non-empty cell text of each sheet, sorted: read independently (exceljs, papaparse) of the engines. */
async function expectedCells(file: string): Promise<Record<string, string[]>> {
  const bytes = readCorpus(file);
  if (file.endsWith('.csv')) {
    const rows = Papa.parse<string[]>(decode(bytes)).data;
    return { [file.replace(/\.csv$/, '')]: sortedTexts(rows) };
  }
  const sheets = await readXlsx(bytes);
  return Object.fromEntries(sheets.map((s) => [s.name, sortedTexts(s.rows.map((row) => row.map((v) => (v === null ? '' : String(v)))))]));
}

function sortedTexts(rows: string[][]): string[] {
  return rows.flat().map((t) => t.trim()).filter((t) => t !== '').sort();
}

describe('excel ops on the shared corpus', () => {
  describe.each(FILES)('%s', (file) => {
    const input = (): ConvertInput => ({ name: file, bytes: readCorpus(file) });

    it('markdown and html tables hold every cell of every sheet', async () => {
      const expected = await expectedCells(file);
      const markdown = readMarkdownTables(decode((await excelToMarkdown(input())).bytes));
      const html = readHtmlTables(decode((await excelToHtml(input())).bytes));
      expect(Object.keys(markdown)).toEqual(Object.keys(expected));
      for (const [sheet, cells] of Object.entries(expected)) {
        expect(sortedTexts(markdown[sheet] ?? []), `markdown ${sheet}`).toEqual(cells);
        expect(sortedTexts(html[sheet]?.grid ?? []), `html ${sheet}`).toEqual(cells);
      }
    });

    it('the .docx holds every cell in a Word table per sheet', async () => {
      const expected = await expectedCells(file);
      const docx = await readDocx((await excelToDocx(input())).bytes);
      expect(docx.tables.map(sortedTexts)).toEqual(Object.values(expected));
      expect(docx.paragraphs.filter((p) => p !== '')).toEqual(Object.keys(expected));
      expect(docx.textBoxes).toBe(0);
    });

    it('the .pptx holds every cell, with the header repeated only on continuation slides', async () => {
      const expected = await expectedCells(file);
      const slides = await readPptx((await excelToPptx(input())).bytes);
      for (const [sheet, cells] of Object.entries(expected)) {
        const own = slides.filter((s) => s.texts[0] === sheet || s.texts[0]?.startsWith(`${sheet} (`));
        expect(own.length, sheet).toBeGreaterThan(0);
        const rows = own.flatMap((s, i) => (i === 0 ? s.tables[0] : s.tables[0]?.slice(1)) ?? []);
        expect(sortedTexts(rows), sheet).toEqual(cells);
      }
    });
  });

  it('json of the titled table keeps the title row as keys and types every number', async () => {
    const json = parseBook(decode((await excelToJson({ name: 't.xlsx', bytes: readCorpus('xlsx_table_with_title.xlsx') })).bytes));
    const key = 'Number of freshwater ducks per year';
    const years = [[2019, 120], [2020, 135], [2021, 150], [2022, 170], [2023, 160], [2024, 180]];
    expect(json).toEqual({
      'Duck Observations': [
        { [key]: null, column2: null },
        { [key]: 'Year', column2: 'Freshwater Ducks' },
        ...years.map(([year, ducks]) => ({ [key]: year, column2: ducks })),
      ],
    });
  });

  it('json of the edge cases names a missing header and keeps sparse cells', async () => {
    const json = parseBook(decode((await excelToJson({ name: 'e.xlsx', bytes: readCorpus('xlsx_edge_cases.xlsx') })).bytes));
    expect(Object.keys(json)).toEqual(['missing_header_head', 'Attached_left', 'Diagonal']);
    expect(json.missing_header_head?.[0]).toEqual({
      column1: 'Overview', 'Sub-category': 'Purpose and Use Cases', ID: 'AI 1', Question: 'What is the main objective?',
      Answer: 'The main objective is...', Extra: 'Additional interviewers insights, or information',
    });
    expect(json.Attached_left?.[1]).toMatchObject({ column1: 'Attached left', 'Product/Integration': 'Overview', 'Sub-category': 'Purpose and Use Cases', ID: 'AI 2' });
    expect(json.Diagonal).toHaveLength(6);
    expect(json.Diagonal?.[5]).toEqual({
      'Product/Integration': null, 'Sub-category': null, ID: null, Question: null, Answer: null, Extra: null,
      column7: 'Overview 2', column8: 'Purpose 2', column9: 'Extra 2',
    });
  });

  it('json of the markitdown workbook and the csv types numbers and dates', async () => {
    const book = parseBook(decode((await excelToJson({ name: 'm.xlsx', bytes: readCorpus('markitdown_test.xlsx') })).bytes));
    expect(book.Sheet1).toHaveLength(23);
    expect(book.Sheet1?.[0]).toEqual({ Alpha: 89, Beta: 82, Gamma: 100, Delta: 12 });
    expect(book.Sheet1?.[12]).toEqual({ Alpha: 58, Beta: '6ff4173b-42a5-4784-9b19-f49caff4d93d', Gamma: 22, Delta: 9 });
    const csv = parseBook(decode((await excelToJson({ name: 'csv_comma.csv', bytes: readCorpus('csv_comma.csv') })).bytes));
    expect(csv.csv_comma).toHaveLength(5);
    expect(csv.csv_comma?.[1]).toEqual({
      Index: 2, 'Customer Id': '1Ef7b82A4CAAD10', 'First Name': 'Preston', 'Last Name': 'Lozano, Dr', Company: 'Vega-Gentry',
      City: 'East Jimmychester', Country: 'Djibouti', 'Phone 1': 5153435776, 'Phone 2': '686-620-1820x944', Email: 'vmata@colon.com',
      'Subscription Date': '2021-04-23', Website: 'http://www.hobbs.com/',
    });
  });
});
