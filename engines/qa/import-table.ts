import { QaImportFailure, type RawPair } from './import-rows';
import { decodeTextFile } from '../text-file';
import { checkZip } from './zip-check';

/**
 * CSV and XLSX: the first row is the header; its cells name the columns `question`, `answer`
 * and optionally `alternatives`, in any order and case, or in Chinese 问题, 答案, 相似问法
 * (HEADERS lists every accepted name). Other columns are ignored. Row numbers are 1-based with
 * the header as row 1, as a spreadsheet shows them.
 */
const HEADERS = {
  question: ['question', 'questions', 'q', '问题', '问', '提问'],
  answer: ['answer', 'answers', 'a', '答案', '回答', '答'],
  alternatives: ['alternatives', 'alternative', 'alternative questions', 'similar questions', 'other phrasings', '相似问法', '相似问题', '其他问法', '同义问法'],
} as const;

/** A header wider than this is not a QA table (and a million-column file stops here). */
const MAX_COLUMNS = 100;

type Columns = { question: number; answer: number; alternatives: number };

function headerColumns(cells: readonly string[]): Columns | null {
  const find = (names: readonly string[]) => cells.findIndex((c) => names.includes(c.normalize('NFKC').trim().toLowerCase()));
  const question = find(HEADERS.question);
  const answer = find(HEADERS.answer);
  if (question < 0 || answer < 0) return null;
  return { question, answer, alternatives: find(HEADERS.alternatives) };
}

function* rowsFromGrid(grid: Iterable<{ line: number; cells: readonly string[] }>): Generator<RawPair> {
  let columns: Columns | null = null;
  for (const { line, cells } of grid) {
    if (!columns) {
      if (cells.length > MAX_COLUMNS) throw new QaImportFailure('unreadable', line);
      columns = headerColumns(cells);
      if (!columns) throw new QaImportFailure('noHeader', line);
      continue;
    }
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '') : '');
    yield { line, question: cell(columns.question), answer: cell(columns.answer), alternatives: cell(columns.alternatives) };
  }
  if (!columns) throw new QaImportFailure('empty', 1);
}

export async function readCsvPairs(bytes: Uint8Array): Promise<RawPair[]> {
  const text = decodeText(bytes);
  const mod = await import('papaparse');
  // papaparse is CommonJS: Node hands it over as `default`, a bundler may flatten it.
  const Papa = mod.default ?? mod;
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  if (countDelimiters(firstLine) > MAX_COLUMNS * 2) throw new QaImportFailure('unreadable', 1);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimitersToGuess: [',', ';', '\t', '|'] });
  // Row numbers are records, as a spreadsheet opening the file numbers them (a quoted newline stays in its cell).
  const grid = parsed.data.map((cells, i) => ({ line: i + 1, cells }));
  return [...rowsFromGrid(grid)];
}

function countDelimiters(line: string): number {
  let n = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 44 || c === 59 || c === 9) n += 1;
  }
  return n;
}

/** The text of a CSV or Markdown document (engines/text-file.ts), or `unreadable` for a binary file. */
export function decodeText(bytes: Uint8Array): string {
  const text = decodeTextFile(bytes);
  if (text === null) throw new QaImportFailure('unreadable', 1);
  return text;
}

export async function readXlsxPairs(bytes: Uint8Array): Promise<RawPair[]> {
  checkZip(bytes);
  const mod = await import('exceljs');
  // exceljs is CommonJS: Node hands it over as `default`, a bundler may flatten it.
  const ExcelJS = mod.default ?? mod;
  const workbook = new ExcelJS.Workbook();
  try {
    // The typings ask for a Node Buffer; exceljs hands the bytes to JSZip, which takes a Uint8Array.
    await workbook.xlsx.load(bytes as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  } catch {
    throw new QaImportFailure('unreadable', 1);
  }
  // The first worksheet that holds anything is the QA table.
  const sheet = workbook.worksheets.find((ws) => ws.actualRowCount > 0);
  if (!sheet) throw new QaImportFailure('empty', 1);
  const grid: { line: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = [];
    if (row.cellCount > MAX_COLUMNS * 10) throw new QaImportFailure('unreadable', line);
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      if (col <= MAX_COLUMNS) cells[col - 1] = cellText(cell.text);
    });
    grid.push({ line, cells: Array.from(cells, (c) => c ?? '') });
  });
  return [...rowsFromGrid(grid)];
}

function cellText(text: unknown): string {
  return typeof text === 'string' ? text : typeof text === 'number' ? String(text) : '';
}
