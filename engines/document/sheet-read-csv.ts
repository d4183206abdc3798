import { EngineError, type ConvertInput } from './types';
import { trimTable, type SheetCell, type SheetTable } from './sheet-model';

/** Reads a csv (or tsv, or semicolon-separated) file as one sheet named after the file. */
export async function readCsv(input: ConvertInput): Promise<SheetTable[]> {
  const text = decodeText(input.bytes);
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

/**
 * UTF-8 first (its BOM dropped); then UTF-16 when a BOM says so; then GB18030, the encoding
 * Excel uses for "CSV" on Chinese Windows. Bytes that are none of these are not a text file.
 */
function decodeText(bytes: Uint8Array): string {
  const attempts: string[] = bytes[0] === 0xff && bytes[1] === 0xfe ? ['utf-16le'] : bytes[0] === 0xfe && bytes[1] === 0xff ? ['utf-16be'] : ['utf-8', 'gb18030'];
  for (const encoding of attempts) {
    let text: string;
    try {
      text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
    } catch {
      continue;
    }
    // NUL and other C0 controls (tab, CR, LF aside) never occur in real text files.
    // eslint-disable-next-line no-control-regex -- control characters are the sign of a binary file, as the line above says
    if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) break;
    return text;
  }
  throw new EngineError('unreadable', 'Not a text (csv) file');
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
