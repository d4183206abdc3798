import Papa from 'papaparse';

/**
 * CSV text for rows of cells, with papaparse doing the quoting (commas, quotes, line breaks) and
 * the formula-injection guard: a cell starting with = + - @, a tab or a carriage return gets a
 * leading `'`, so a spreadsheet shows it as text instead of running it (OWASP "CSV Injection").
 * Lines end in CRLF (RFC 4180), the last one too, so batches can be written one after another.
 */
export function csvLines(rows: readonly (readonly (string | number | null)[])[]): string {
  if (rows.length === 0) return '';
  return `${Papa.unparse(
    rows.map((r) => r.map((v) => (v === null ? '' : v))),
    { newline: '\r\n', escapeFormulae: true, header: false },
  )}\r\n`;
}

/** Excel reads a UTF-8 CSV as UTF-8 (Chinese bundle names) only when the file starts with a byte-order mark. */
export const CSV_BOM = '\uFEFF';
