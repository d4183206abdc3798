import { describe, expect, it } from 'vitest';
import { REPORT, reportPdf, TWO_COLUMNS, twoColumnPdf } from '../../tests/helpers/fixtures/pdfs';
import { readCorpus, readXlsx } from '../../tests/helpers/read-pdf-results';
import { pdfToXlsx } from './pdf-to-xlsx';

async function sheets(bytes: Uint8Array) {
  const out = await pdfToXlsx({ name: 'figures.pdf', bytes });
  expect(out.name).toBe('figures.xlsx');
  return readXlsx(out.bytes);
}

function rowStarting(rows: unknown[][], first: string): unknown[] | undefined {
  return rows.find((r) => r[0] === first);
}

describe('pdfToXlsx on generated PDFs', () => {
  it('makes one sheet per table, named by page and table', async () => {
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

describe('pdfToXlsx on the shared corpus', () => {
  it('borderless_table.pdf: both tables, sparse cells in place, numbers as numbers', async (ctx) => {
    const pdf = readCorpus('borderless_table.pdf');
    if (!pdf) return ctx.skip();
    const [first, second] = await sheets(pdf);
    expect(first!.rows[0]).toEqual(['Product Code', 'Location', 'Expected', 'Actual', 'Variance', 'Status']);
    expect(rowStarting(first!.rows, 'SKU-9201')).toEqual(['SKU-9201', null, 780, 778, null, 'OK']);
    expect(first!.rows.at(-1)).toEqual([null, null, null, 935, 15, 'OK']);
    expect(first!.rows).toHaveLength(9);
    expect(second!.rows[0]).toEqual(['Product Code', 'Category', 'Unit Cost', 'Total Value', 'Last Audit', 'Notes']);
    expect(rowStarting(second!.rows, 'SKU-7728')?.slice(0, 5)).toEqual(['SKU-7728', 'Accessories', 15.75, 14726.25, '2024-11-01']);
    expect(second!.rows).toHaveLength(11);
  });

  it('invoice_multipage.pdf: the estimate tables with their totals as numbers', async (ctx) => {
    const pdf = readCorpus('invoice_multipage.pdf');
    if (!pdf) return ctx.skip();
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
