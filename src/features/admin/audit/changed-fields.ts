export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const show = (v: unknown): string => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/** The top-level fields that differ between two records (a creation lists every field of `after`). */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const b = before && typeof before === 'object' ? (before as Record<string, unknown>) : {};
  const a = after && typeof after === 'object' ? (after as Record<string, unknown>) : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k])).map((k) => ({ field: k, before: show(b[k]), after: show(a[k]) }));
}
