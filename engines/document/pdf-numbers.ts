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
