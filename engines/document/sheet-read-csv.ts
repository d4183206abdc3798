import { decodeTextFile } from '../text-file';
import { EngineError, type ConvertInput } from './types';
import { trimTable, type SheetCell, type SheetTable } from './sheet-model';

/** Reads a csv (or tsv, or semicolon-separated) file as one sheet named after the file. */
export async function readCsv(input: ConvertInput): Promise<SheetTable[]> {
  const text = decodeTextFile(input.bytes);
  if (text === null) throw new EngineError('unreadable', 'Not a text (csv) file');
  const mod = await import('papaparse');
  // papaparse is CommonJS: Node hands it over as `default`, a bundler may flatten it.
  const Papa = mod.default ?? mod;
  // papaparse guesses the delimiter (, ; tab |) from the first rows, but counts blank lines
  // against it: guess on a preview without them, then parse everything keeping them.
  const { delimiter } = Papa.parse<string[]>(text, { preview: 10, skipEmptyLines: 'greedy' }).meta;
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  const grid = parsed.data.map((row) => row.map(inferValue));
  const name = input.name.replace(/\.[^./\\]+$/, '') || 'Sheet1';
  return [trimTable(name, grid, [])];
}


const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Types a csv field the way a spreadsheet would, but conservatively: `007` and 16-digit ids stay
 * text because a number would lose their leading zeros or last digits.
 */
export function inferValue(raw: string): SheetCell {
  const s = raw.trim();
  if (s === '') return null;
  if (/^(true|false)$/i.test(s)) return s.toLowerCase() === 'true';
  if (NUMBER.test(s)) {
    const digits = s.replace(/^[+-]/, '').split(/[.eE]/)[0] ?? '';
    const leadingZero = digits.length > 1 && digits.startsWith('0');
    if (!leadingZero && s.replace(/[^0-9]/g, '').length <= 15) return Number(s);
    return raw;
  }
  const date = ISO_DATE.exec(s);
  if (date) return isoDateValue(s, date) ?? raw;
  return raw;
}

function isoDateValue(s: string, m: RegExpExecArray): Date | null {
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2021-02-30 over to March; a real date survives the round trip.
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  if (m[4] === undefined) return calendar;
  // Without a zone the time is wall-clock time; read it as UTC as spreadsheet dates are.
  const parsed = new Date(m[8] ? s.replace(' ', 'T') : `${s.replace(' ', 'T')}Z`);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}
