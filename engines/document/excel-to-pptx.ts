import type PptxGenJS from 'pptxgenjs';
import { renameExt, type ConvertOp } from './types';
import { layoutRows, nonEmptySheets, type LaidOutCell, type SheetTable } from './sheet-model';
import { readSheets } from './sheet-read';
import { columnShares, displayText } from './sheet-text';

/** Data rows per slide; the header row is repeated above them on every slide. */
export const ROWS_PER_SLIDE = 15;
/** LAYOUT_WIDE is 13.33 × 7.5 in; the table fills the width under the title. */
const SLIDE = { x: 0.4, titleY: 0.25, titleH: 0.7, tableY: 1.05, width: 12.53 };

/**
 * xlsx or csv → .pptx: slides of real tables, titled with the sheet name. A long sheet runs over
 * several slides ("Sales (2/3)") with its header on each; wide sheets get a smaller font.
 */
export const excelToPptx: ConvertOp = async (input, opts) => {
  const tables = nonEmptySheets(await readSheets(input, opts));
  const mod = await import('pptxgenjs');
  const Pptx = mod.default;
  const pptx = new Pptx();
  pptx.layout = 'LAYOUT_WIDE';
  pptx.title = input.name.replace(/\.[^./\\]+$/, '');
  for (const table of tables) addSheetSlides(pptx, table);
  const written = await pptx.write({ outputType: 'uint8array' });
  const bytes = await deflate(written instanceof Uint8Array ? written : new Uint8Array(written as ArrayBuffer));
  opts?.onProgress?.(1);
  return { name: renameExt(input.name, 'pptx'), mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', bytes };
};

/**
 * pptxgenjs ignores `compression` when an outputType is given and stores every part
 * uncompressed; re-zipping makes a table deck about six times smaller.
 */
async function deflate(zipBytes: Uint8Array): Promise<Uint8Array> {
  const { default: JSZip } = await import('jszip');
  const zip = await JSZip.loadAsync(zipBytes);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}

function addSheetSlides(pptx: PptxGenJS, table: SheetTable): void {
  const columns = table.rows[0]?.length ?? 0;
  const fontSize = columns <= 6 ? 14 : columns <= 10 ? 12 : columns <= 15 ? 10 : 8;
  const dataRows = table.rows.length - 1;
  const pages = Math.max(1, Math.ceil(dataRows / ROWS_PER_SLIDE));
  const header = layoutRows(table, 0, 1).map((cells) => tableRow(cells, true));
  const colW = columnShares(table).map((share) => share * SLIDE.width);
  for (let page = 0; page < pages; page++) {
    const start = 1 + page * ROWS_PER_SLIDE;
    const body = layoutRows(table, start, Math.min(start + ROWS_PER_SLIDE, table.rows.length)).map((cells) => tableRow(cells, false));
    const slide = pptx.addSlide();
    const title = pages > 1 ? `${table.name} (${page + 1}/${pages})` : table.name;
    slide.addText(title, { x: SLIDE.x, y: SLIDE.titleY, w: SLIDE.width, h: SLIDE.titleH, fontSize: 26, bold: true, color: '1F1F1F', lang: langOf(title) });
    slide.addTable([...header, ...body], {
      x: SLIDE.x,
      y: SLIDE.tableY,
      w: SLIDE.width,
      colW,
      fontSize,
      color: '222222',
      border: { type: 'solid', pt: 0.75, color: 'BFBFBF' },
      valign: 'middle',
    });
  }
}

function tableRow(cells: LaidOutCell[], header: boolean): PptxGenJS.TableRow {
  return cells.map((cell) => ({
    text: displayText(cell.value),
    options: {
      lang: langOf(displayText(cell.value)),
      bold: header,
      fill: header ? { color: 'F2F2F2' } : undefined,
      align: !header && typeof cell.value === 'number' ? 'right' : 'left',
      colspan: cell.colSpan > 1 ? cell.colSpan : undefined,
      rowspan: cell.rowSpan > 1 ? cell.rowSpan : undefined,
    },
  }));
}

/** Tagging Chinese runs zh-CN lets PowerPoint pick an East Asian font instead of a Latin one. */
function langOf(text: string): string {
  return /[\u3400-\u9fff\uf900-\ufaff]/.test(text) ? 'zh-CN' : 'en-US';
}
