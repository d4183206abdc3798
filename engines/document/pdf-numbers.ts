/** A number read from a table cell, with the Excel format that shows it the way the PDF did. */
export interface CellNumber {
  value: number;
  /** Excel number format; undefined for plain numbers ("General"). */
  format?: string;
}

const NUMBER =
  /^(?<sign>[-−+])?\s*(?<open>\()?\s*(?<sign2>[-−])?\s*(?<currency>[$€£¥₹])?\s*(?<digits>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)\s*(?<percent>%)?\s*(?<close>\))?$/u;

/**
 * Reads "1,234.50", "$4,287.50", "(300)", "-4.8%", "+15" as numbers. Anything else (codes,
 * dates, phone numbers, "007" identifiers) stays text.
 */
export function parseCellNumber(text: string): CellNumber | null {
  const match = NUMBER.exec(text.trim());
  const g = match?.groups;
  if (!g || Boolean(g.open) !== Boolean(g.close)) return null;
  const digits = g.digits!;
  if (/^0\d/.test(digits) && !digits.includes('.')) return null;
  const negative = Boolean(g.open) || /[-−]/.test(g.sign ?? '') || Boolean(g.sign2);
  let value = Number(digits.replace(/,/g, ''));
  if (g.percent) value /= 100;
  if (negative) value = -value;
  const decimals = digits.split('.')[1]?.length ?? 0;
  const fraction = decimals ? `.${'0'.repeat(decimals)}` : '';
  let format = g.percent ? `0${fraction}%` : `${digits.includes(',') ? '#,##0' : '0'}${fraction}`;
  if (g.currency) format = `"${g.currency}"${format}`;
  if (g.open) format = `${format};(${format})`;
  const plain = !g.percent && !g.currency && !g.open && !digits.includes(',') && !(decimals > 0 && digits.endsWith('0'));
  return { value: Number(value.toPrecision(15)), format: plain ? undefined : format };
}

/** A date read from a table cell, with the Excel format that shows it the way the PDF did. */
export interface CellDate {
  /** Midnight UTC of the day (exceljs stores dates as UTC serials). */
  value: Date;
  format: string;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function monthIndex(name: string): number {
  const lower = name.toLowerCase().replace(/\.$/, '');
  const i = MONTHS.indexOf(lower.slice(0, 3));
  // "Sept" and full names are fine; "Marching" is not a month.
  const full = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'][i];
  return i >= 0 && (lower.length === 3 || lower === 'sept' || lower === full) ? i : -1;
}

function utcDay(year: number, month: number, day: number): Date | null {
  if (month < 0 || month > 11 || day < 1 || year < 1900 || year > 2999) return null;
  const date = new Date(Date.UTC(year, month, day));
  return date.getUTCMonth() === month ? date : null;
}

/**
 * Reads "2024-10-15", "2024/10/15", "15.10.2024", "Nov 1, 2024", "1 November 2024" and
 * "01-Nov-2024" as dates. Numeric day/month orders are read only when they cannot be the other
 * way round (a part above 12): "03/04/2024" stays text rather than risk a wrong date.
 */
export function parseCellDate(text: string): CellDate | null {
  const t = text.trim();
  let m = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/.exec(t);
  if (m) {
    const value = utcDay(Number(m[1]), Number(m[3]) - 1, Number(m[4]));
    return value ? { value, format: `yyyy${m[2]}mm${m[2]}dd` } : null;
  }
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(t);
  if (m) {
    const value = utcDay(Number(m[3]), Number(m[2]) - 1, Number(m[1]));
    return value ? { value, format: 'dd.mm.yyyy' } : null;
  }
  m = /^(\d{1,2})([/-])(\d{1,2})\2(\d{4})$/.exec(t);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[3])];
    if ((a > 12) === (b > 12)) return null;
    const dayFirst = a > 12;
    const value = utcDay(Number(m[4]), (dayFirst ? b : a) - 1, dayFirst ? a : b);
    const sep = m[2]!;
    return value ? { value, format: dayFirst ? `dd${sep}mm${sep}yyyy` : `mm${sep}dd${sep}yyyy` } : null;
  }
  m = /^([A-Za-z]{3,9}\.?)\s+(\d{1,2}),?\s+(\d{4})$/.exec(t);
  if (m) {
    const month = monthIndex(m[1]!);
    const value = month >= 0 ? utcDay(Number(m[3]), month, Number(m[2])) : null;
    return value ? { value, format: m[1]!.replace(/\.$/, '').length > 3 ? 'mmmm d, yyyy' : 'mmm d, yyyy' } : null;
  }
  m = /^(\d{1,2})([\s-])([A-Za-z]{3,9}\.?)\2(\d{4})$/.exec(t);
  if (m) {
    const month = monthIndex(m[3]!);
    const value = month >= 0 ? utcDay(Number(m[4]), month, Number(m[1])) : null;
    const name = m[3]!.replace(/\.$/, '').length > 3 ? 'mmmm' : 'mmm';
    return value ? { value, format: m[2] === '-' ? `dd-${name}-yyyy` : `d ${name} yyyy` } : null;
  }
  return null;
}
