import { renameExt, type ConvertOp } from './types';
import type { SheetTable } from './sheet-model';
import { readSheets } from './sheet-read';
import { headerKeys, jsonValue } from './sheet-text';

type JsonRecord = Record<string, string | number | boolean | null>;

/**
 * xlsx or csv → `{ "<sheet>": [ { <header>: value, … }, … ] }`. The first row gives the keys;
 * every record has every key (null for an empty cell), so consumers see one stable shape.
 */
export const excelToJson: ConvertOp = async (input, opts) => {
  const tables = await readSheets(input, opts);
  // fromEntries, not assignment, so a sheet or column called `__proto__` stays plain data.
  const result = Object.fromEntries(tables.map((table) => [table.name, records(table)]));
  opts?.onProgress?.(1);
  return {
    name: renameExt(input.name, 'json'),
    mime: 'application/json',
    bytes: new TextEncoder().encode(`${JSON.stringify(result, null, 2)}\n`),
  };
};

function records(table: SheetTable): JsonRecord[] {
  const [header = [], ...body] = table.rows;
  const keys = headerKeys(header);
  return body.map((row) => Object.fromEntries(keys.map((key, i) => [key, jsonValue(row[i] ?? null)])));
}
