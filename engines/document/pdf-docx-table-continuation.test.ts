import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../tests/helpers/fixtures/pdfs';
import { readDocx } from '../../tests/helpers/read-pdf-results';
import { pdfToDocx } from './pdf-to-docx';

const HEADER = ['Berth', 'Vessel', 'Tonnage'];
const WIDTHS = [140, 160, 110];

function ruledTable(doc: PDFKit.PDFDocument, top: number, rows: string[][]): void {
  const left = 72;
  const h = 22;
  const right = left + WIDTHS.reduce((a, b) => a + b, 0);
  rows.forEach((row, r) => {
    let x = left;
    row.forEach((cell, c) => {
      doc.font(r === 0 ? 'Helvetica-Bold' : 'Helvetica').fontSize(11).text(cell, x + 6, top + r * h + 6, { lineBreak: false });
      x += WIDTHS[c]!;
    });
  });
  doc.lineWidth(0.8);
  for (let r = 0; r <= rows.length; r++) doc.moveTo(left, top + r * h).lineTo(right, top + r * h).stroke();
  let x = left;
  for (let c = 0; c <= WIDTHS.length; c++) {
    doc.moveTo(x, top).lineTo(x, top + rows.length * h).stroke();
    x += WIDTHS[c] ?? 0;
  }
}

function rows(from: number, n: number): string[][] {
  return Array.from({ length: n }, (_, i) => [`B${from + i}`, `Vessel ${from + i}`, `${(from + i) * 1250}`]);
}

/** The `<w:tr>` elements of each table, in order. */
function tableRows(xml: string): string[][] {
  return (xml.match(/<w:tbl>[\s\S]*?<\/w:tbl>/g) ?? []).map((t) => t.match(/<w:tr[ >][\s\S]*?<\/w:tr>/g) ?? []);
}

describe('PDF → Word tables continued across pages', () => {
  it('marks the header row the PDF repeats on the next page as a Word header row', async () => {
    const bytes = await renderPdf((doc) => {
      doc.font('Helvetica').fontSize(12).text('Berth allocation for the week, as agreed with the harbour master.', 72, 72);
      ruledTable(doc, 500, [HEADER, ...rows(1, 10)]);
      doc.addPage();
      ruledTable(doc, 72, [HEADER, ...rows(11, 6)]);
      doc.font('Helvetica').fontSize(12).text('All berths are confirmed by Friday noon.', 72, 300);
    });
    const { xml, tables, pages } = await readDocx((await pdfToDocx({ name: 'berths.pdf', bytes })).bytes);
    expect(tables).toBe(2);
    expect(pages).toBe(2);
    for (const table of tableRows(xml)) {
      expect(table[0]).toContain('<w:tblHeader/>');
      expect(table.slice(1).some((row) => row.includes('<w:tblHeader'))).toBe(false);
    }
  });

  it('leaves tables that do not continue, or continue under another header, without header rows', async () => {
    const bytes = await renderPdf((doc) => {
      ruledTable(doc, 500, [HEADER, ...rows(1, 10)]);
      doc.addPage();
      ruledTable(doc, 72, [['Berth', 'Vessel', 'Draught'], ...rows(11, 6)]);
      doc.addPage();
      doc.font('Helvetica').fontSize(12).text('A page of prose between the tables keeps them apart.', 72, 72);
      ruledTable(doc, 200, [HEADER, ...rows(20, 4)]);
    });
    const { xml, tables } = await readDocx((await pdfToDocx({ name: 'berths.pdf', bytes })).bytes);
    expect(tables).toBe(3);
    expect(xml).not.toContain('<w:tblHeader');
  });
});
