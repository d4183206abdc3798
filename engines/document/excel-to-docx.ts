import { renameExt, type ConvertOp } from './types';
import { layoutRows, nonEmptySheets, type LaidOutCell, type SheetTable } from './sheet-model';
import { readSheets } from './sheet-read';
import { columnShares, displayText } from './sheet-text';

type Docx = typeof import('docx');

/** A sheet wider than this many columns gets a landscape page. */
const LANDSCAPE_FROM_COLUMNS = 7;
/** Text width in twips of an A4 page with docx's default 1-inch margins. */
const TEXT_WIDTH = { portrait: 11906 - 2 * 1440, landscape: 16838 - 2 * 1440 };

/**
 * xlsx or csv → .docx: per sheet, a section with the sheet name as a heading and a real Word
 * table (header row bold and repeated on every page, merges kept). Wide sheets turn landscape.
 */
export const excelToDocx: ConvertOp = async (input, opts) => {
  const tables = nonEmptySheets(await readSheets(input, opts));
  const docx = await import('docx');
  const document = new docx.Document({
    creator: 'docuflow',
    title: input.name.replace(/\.[^./\\]+$/, ''),
    sections: tables.map((table) => sheetSection(docx, table)),
  });
  const bytes = new Uint8Array(await docx.Packer.toArrayBuffer(document));
  opts?.onProgress?.(1);
  return {
    name: renameExt(input.name, 'docx'),
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    bytes,
  };
};

function sheetSection(docx: Docx, table: SheetTable) {
  const columns = table.rows[0]?.length ?? 0;
  const landscape = columns >= LANDSCAPE_FROM_COLUMNS;
  // Font sizes are in half-points: 10 pt for narrow tables, down to 8 pt for very wide ones.
  const size = columns <= 6 ? 20 : columns <= 10 ? 18 : 16;
  const row = (cells: LaidOutCell[], header: boolean) =>
    new docx.TableRow({ tableHeader: header, cantSplit: true, children: cells.map((cell) => tableCell(docx, cell, header, size)) });
  return {
    properties: landscape ? { page: { size: { orientation: docx.PageOrientation.LANDSCAPE } } } : {},
    children: [
      new docx.Paragraph({ heading: docx.HeadingLevel.HEADING_1, children: [new docx.TextRun(table.name)] }),
      new docx.Table({
        width: { size: 100, type: docx.WidthType.PERCENTAGE },
        columnWidths: columnShares(table).map((share) => Math.floor(share * (landscape ? TEXT_WIDTH.landscape : TEXT_WIDTH.portrait))),
        rows: [
          ...layoutRows(table, 0, 1).map((cells) => row(cells, true)),
          ...layoutRows(table, 1, table.rows.length).map((cells) => row(cells, false)),
        ],
      }),
    ],
  };
}

function tableCell(docx: Docx, cell: LaidOutCell, header: boolean, size: number) {
  const lines = displayText(cell.value).split(/\r\n|\r|\n/);
  const runs = lines.map((text, i) => new docx.TextRun({ text, bold: header, size, break: i > 0 ? 1 : undefined }));
  const numeric = typeof cell.value === 'number' && !header;
  return new docx.TableCell({
    columnSpan: cell.colSpan > 1 ? cell.colSpan : undefined,
    rowSpan: cell.rowSpan > 1 ? cell.rowSpan : undefined,
    shading: header ? { fill: 'F2F2F2', type: docx.ShadingType.CLEAR, color: 'auto' } : undefined,
    children: [new docx.Paragraph({ alignment: numeric ? docx.AlignmentType.RIGHT : undefined, children: runs })],
  });
}
