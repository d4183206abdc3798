/** Formatters by locale and digits: `toLocaleString` would build one per call, which costs more than the formatting. */
const formats = new Map<string, Intl.NumberFormat>();
function sizeFormat(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format;
}

/** 1536 → '1.5 KB'; sizes in binary units, as file managers show them. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${sizeFormat(locale, digits).format(value)} ${units[unit]}`;
}

/** Names for a message: the first few, and how many more. */
export function nameList(names: string[], max = 5): { names: string; more: number } {
  return { names: names.slice(0, max).join(', '), more: Math.max(0, names.length - max) };
}
