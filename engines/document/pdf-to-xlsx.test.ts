import { describe, expect, it } from 'vitest';
import { REPORT, reportPdf, TWO_COLUMNS, twoColumnPdf } from '../../tests/helpers/fixtures/pdfs';
import { LEDGER, ledgerPdf, SPREAD, spreadPdf } from '../../tests/helpers/fixtures/table-pdfs';
import { readCorpus } from '../../tests/helpers/corpus';
import { readXlsx } from '../../tests/helpers/read-pdf-results';
import { readSheets } from '../../tests/helpers/table-accuracy';
import { pdfToXlsx } from './pdf-to-xlsx';

/** The sheets after the summary. */
async function sheets(bytes: Uint8Array) {
  const out = await pdfToXlsx({ name: 'figures.pdf', bytes });
  expect(out.name).toBe('figures.xlsx');
  const book = await readXlsx(out.bytes);
  expect(book[0]!.name).toBe('Summary');
  return book.slice(1);
}

const utc = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

function rowStarting(rows: unknown[][], first: string): unknown[] | undefined {
  return rows.find((r) => r[0] === first);
}

describe('pdfToXlsx on generated PDFs', () => {
  it('makes one sheet per table after the summary, named by page and table', async () => {
    const book = await sheets(await reportPdf());
    expect(book.map((s) => s.name)).toEqual(['Page 1 Table 1', 'Page 2 Table 1']);
  });

  it('holds the ruled table cell by cell, numbers as numbers', async () => {
    const [ruled] = await sheets(await reportPdf());
    expect(ruled!.rows).toEqual([REPORT.ruledHeader, ['North', 412, 18250], ['South', 388, 16940], ['West', 97, 4105]]);
  });

  it('reads currency, negatives in parentheses and percentages in the unruled table', async () => {
    const [, numbers] = await sheets(await reportPdf());
    expect(numbers!.rows).toEqual([
      REPORT.numericHeader,
      ['Dredging', 1250000, 1190500, -0.048],
      ['Pilotage', 310000, 342100, 0.104],
      ['Security', 95000, -12000, -0.126],
    ]);
  });

  it('puts the lines of a page without tables down one column', async () => {
    const [page] = await sheets(await twoColumnPdf());
    expect(page!.name).toBe('Page 1');
    const text = page!.rows.map((r) => r[0]).join(' ');
    expect(text.indexOf('Left column words')).toBeLessThan(text.indexOf('Right column words'));
    expect(text).toContain(TWO_COLUMNS.heading);
  });
});

describe('pdfToXlsx: summary, dates, merged headers, page columns', () => {
  it('opens on a summary of the tables found per page, linked to their sheets', async () => {
    const out = await pdfToXlsx({ name: 'report.pdf', bytes: await reportPdf() });
    const [summary] = await readSheets(out.bytes);
    expect(summary!.name).toBe('Summary');
    expect(summary!.rows).toEqual([
      ['Page', 'Table', 'Sheet', 'Rows', 'Columns', 'Found from'],
      [1, 1, 'Page 1 Table 1', 4, 3, 'ruling lines'],
      [2, 1, 'Page 2 Table 1', 4, 4, 'column alignment'],
    ]);
  });

  it('lists a page without tables in the summary too', async () => {
    const out = await pdfToXlsx({ name: 'cols.pdf', bytes: await twoColumnPdf() });
    const [summary] = await readSheets(out.bytes);
    expect(summary!.rows[1]).toEqual([1, 0, 'Page 1', null, null, 'no table: the page text']);
  });

  it('stores dates as dates, money and percentages as numbers, ambiguous dates as text', async () => {
    const [table] = await sheets(await ledgerPdf());
    expect(table!.rows.slice(1)).toEqual([
      LEDGER.header.map((h) => (/^\d+$/.test(h) ? Number(h) : h)),
      ['Dredging', utc('2024-03-15'), 1250000, 1190500, -0.048],
      ['Pilotage', utc('2024-03-04'), 310000, 342100, 0.104],
      ['Security', utc('2024-10-15'), -12000, 95000, -0.035],
      ['Lighting', '03/04/2024', 8400, 9100, 0.083],
    ]);
  });

  it('merges a header centred over two columns, borderless or ruled', async () => {
    const out = await pdfToXlsx({ name: 'ledger.pdf', bytes: await ledgerPdf() });
    const [, aligned, ruled] = await readSheets(out.bytes);
    expect(aligned!.rows[0]).toEqual([null, null, LEDGER.spanning, null]);
    expect(aligned!.merges).toEqual(['C1:D1']);
    expect(ruled!.rows).toEqual([
      [LEDGER.ruledSpan, null, ...LEDGER.ruledHeader],
      ['East', 'A1', 320, 14.5],
      ['West', 'B2', 280, 12],
    ]);
    expect(ruled!.merges).toEqual(['A1:B1']);
  });

  it('finds a table in one column of a spread without the prose of the other column in it', async () => {
    const [table] = await sheets(await spreadPdf());
    // exceljs reads a row only up to its last value.
    expect(table!.rows).toEqual([[...SPREAD.header], ['Boat repairs', '*', '*'], ['First aid', '*'], ['Weather reports', null, '*'], ['Radio watch', '*', '*']]);
    expect(SPREAD.rows.map((r) => r[0])).toEqual(table!.rows.slice(1).map((r) => r[0]));
  });
});

describe('pdfToXlsx on the shared corpus', () => {
  it('borderless_table.pdf: both tables, sparse cells in place, numbers as numbers', async () => {
    const pdf = readCorpus('borderless_table.pdf');
    const [first, second] = await sheets(pdf);
    expect(first!.rows[0]).toEqual(['Product Code', 'Location', 'Expected', 'Actual', 'Variance', 'Status']);
    expect(rowStarting(first!.rows, 'SKU-9201')).toEqual(['SKU-9201', null, 780, 778, null, 'OK']);
    expect(first!.rows.at(-1)).toEqual([null, null, null, 935, 15, 'OK']);
    expect(first!.rows).toHaveLength(9);
    expect(second!.rows[0]).toEqual(['Product Code', 'Category', 'Unit Cost', 'Total Value', 'Last Audit', 'Notes']);
    expect(rowStarting(second!.rows, 'SKU-7728')?.slice(0, 5)).toEqual(['SKU-7728', 'Accessories', 15.75, 14726.25, utc('2024-11-01')]);
    expect(second!.rows).toHaveLength(11);
  });

  it('table_mislabeled_as_picture.pdf: the table of one column of the spread, its two-line header cell whole', async () => {
    const pdf = readCorpus('table_mislabeled_as_picture.pdf');
    const [table] = await sheets(pdf);
    expect(table!.rows[0]).toEqual([null, null, 'State funded legal aid', 'CSOs']);
    expect(table!.rows.slice(1).map((r) => r[1])).toEqual(['Persons with disabilities', 'Children', 'Women', 'The elderly', 'Migrants', 'Refugees, asylum seekers, or stateless persons', 'Internally displaced persons']);
    expect(table!.rows.every((r) => r.length <= 4)).toBe(true);
  });

  it('invoice_multipage.pdf: the estimate tables with their totals as numbers', async () => {
    const pdf = readCorpus('invoice_multipage.pdf');
    const book = await sheets(pdf);
    const rows = book.flatMap((s) => s.rows);
    const totals = rows.filter((r) => r[0] === 'GRAND TOTAL').map((r) => r.filter((v) => typeof v === 'number'));
    expect(totals).toEqual([[5738], [211522]]);
    const tax = rows.find((r) => r[0] === 'Sales Tax')!.filter((v) => typeof v === 'number');
    expect(tax).toEqual([0.102, 278.46]);
    expect(rows.find((r) => r[0] === 'Insured name')).toContain('Gabriel Diaz');
    expect(book.map((s) => s.name)).toContain('Page 1 Table 1');
  });
});
