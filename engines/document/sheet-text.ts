import type { SheetCell, SheetTable } from './sheet-model';

/**
 * A date as ISO 8601. Spreadsheet dates carry no time zone and readers give them as UTC, so a
 * date with no time of day is written as the plain date a person typed (`2024-03-15`).
 */
export function isoDate(d: Date): string {
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** A cell as JSON: dates become ISO strings, everything else keeps its type. */
export function jsonValue(v: SheetCell): string | number | boolean | null {
  return v instanceof Date ? isoDate(v) : v;
}

/** A cell as a person reads it in a table: Excel's TRUE/FALSE, no float noise, dates without `T…Z`. */
export function displayText(v: SheetCell): string {
  if (v === null) return '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(15)));
  if (v instanceof Date) {
    const iso = isoDate(v);
    if (iso.length === 10) return iso;
    return iso.replace('T', ' ').replace(/(:00)?\.000Z$/, '').replace(/\.\d{3}Z$/, '');
  }
  return v;
}

/**
 * Object keys from a header row. Blank headers become `column<n>` (n is the 1-based column) and
 * repeats get `_2`, `_3`…, so every column keeps a key that does not depend on the data below.
 */
export function headerKeys(header: SheetCell[]): string[] {
  const used = new Set<string>();
  return header.map((cell, i) => {
    const text = displayText(cell).trim();
    const base = text === '' ? `column${i + 1}` : text;
    let key = base;
    for (let n = 2; used.has(key); n++) key = `${base}_${n}`;
    used.add(key);
    return key;
  });
}

/**
 * Each column's share (0..1) of a table's width, by its longest line with CJK counted double,
 * kept between 4 and 40 characters so one long note does not squeeze every other column.
 */
export function columnShares(table: SheetTable): number[] {
  const widths = (table.rows[0] ?? []).map((_, c) => {
    const longest = table.rows.reduce((max, row) => Math.max(max, visualLength(displayText(row[c] ?? null))), 0);
    return Math.min(Math.max(longest, 4), 40);
  });
  const sum = widths.reduce((a, b) => a + b, 0);
  return widths.map((w) => w / sum);
}

function visualLength(text: string): number {
  let longest = 0;
  for (const line of text.split('\n')) {
    let n = 0;
    for (const ch of line) n += /[\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(ch) ? 2 : 1;
    longest = Math.max(longest, n);
  }
  return longest;
}
