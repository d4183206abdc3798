/** `Report.PDF` → `pdf`; empty when the name has no extension. */
export function extensionOf(name: string): string {
  const match = /\.([^./\\]+)$/.exec(name);
  return match ? match[1]!.toLowerCase() : '';
}

/** The picker's `accept` attribute for a tool's extensions: `.pdf` or `.jpg,.jpeg,.png`. */
export const acceptAttribute = (accepts: readonly string[]) => accepts.map((ext) => `.${ext}`).join(',');

/** Splits dropped or picked files into those the tool takes (by extension, as the server checks) and the names of the others. */
export function sortByAcceptance<F extends { name: string }>(files: readonly F[], accepts: readonly string[]): { accepted: F[]; refused: string[] } {
  const accepted: F[] = [];
  const refused: string[] = [];
  for (const file of files) {
    if (accepts.includes(extensionOf(file.name))) accepted.push(file);
    else refused.push(file.name);
  }
  return { accepted, refused };
}

/** The list with the item at `from` moved to `to` (both clamped to the list); the same list when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** "1.5 MB", "820 KB", "12 B" (decimal units, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 1 : 0)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(1)} GB`;
}
