import type { ImageConfig } from './types.js';

/** Characters no common file system accepts in a name. */
// eslint-disable-next-line no-control-regex -- control characters are among the ones no file system accepts
const FORBIDDEN = /[\\/:*?"<>|\u0000-\u001f]/g;
const TOKEN = /\{(name|n|i)(?::(\d{1,2}))?\}/g;

/** 'a/b/photo.final.JPG' → 'photo.final' (folders dropped, last extension dropped). */
export function baseName(name: string): string {
  const file = name.split(/[\\/]/).pop() ?? name;
  const base = file.replace(/\.[^.]+$/, '');
  return base || file;
}

export interface PatternValues {
  name: string;
  /** The counter: the configured start value plus the file's position. */
  n: number;
  /** The index: the configured start index plus the file's position. */
  i: number;
}

/** Fills {name}, {n} and {i} (and padded forms such as {n:3}) into a pattern. */
export function renderPattern(pattern: string, values: PatternValues): string {
  return pattern.replace(TOKEN, (_all, token: 'name' | 'n' | 'i', pad?: string) => {
    if (token === 'name') return values.name;
    const number = String(values[token]);
    return pad ? number.padStart(Number(pad), '0') : number;
  });
}

/** Makes a base name safe on every file system; never empty. */
export function sanitizeBase(base: string): string {
  const clean = base.replace(FORBIDDEN, '_').replace(/[. ]+$/, '').trim();
  return clean || 'image';
}

/**
 * The base name (no extension) for the file at `position` in the batch: the rename pattern when
 * rename is on, else the original name. An extension typed into the pattern is dropped, because
 * the output format decides the extension.
 */
export function plannedBase(originalName: string, position: number, config: Pick<ImageConfig, 'enabled' | 'rename'>): string {
  const name = baseName(originalName);
  if (!config.enabled.rename) return sanitizeBase(name);
  const { pattern, value, index } = config.rename;
  const rendered = renderPattern(pattern.trim() || '{name}', { name, n: value + position, i: index + position });
  return sanitizeBase(rendered.replace(/\.(jpe?g|png|webp|gif|bmp|svg|tiff?)$/i, ''));
}

/**
 * Final names, unique without regard to case (Windows and macOS treat 'A.png' and 'a.png' as one
 * file): later duplicates become 'name (2).ext', 'name (3).ext', ….
 */
export function uniqueNames(entries: Array<{ base: string; ext: string }>): string[] {
  const taken = new Set<string>();
  return entries.map(({ base, ext }) => {
    const suffix = ext ? `.${ext}` : '';
    let candidate = `${base}${suffix}`;
    for (let copy = 2; taken.has(candidate.toLowerCase()); copy += 1) candidate = `${base} (${copy})${suffix}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
