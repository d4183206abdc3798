import type { UserGlossaryEntry } from '@engines/reading/dictionary';
import { readJson, writeStorage } from '../../lib/storage';

/** Stored in this browser only (localStorage), never sent to the server. */
const KEY = 'readingGlossary';
const MAX_ENTRIES = 5000;

export function loadGlossary(): UserGlossaryEntry[] {
  const raw = readJson<unknown>(KEY);
  if (!Array.isArray(raw)) return [];
  return raw.filter((e): e is UserGlossaryEntry => typeof e === 'object' && e !== null && typeof (e as UserGlossaryEntry).term === 'string' && typeof (e as UserGlossaryEntry).meaning === 'string');
}

export function saveGlossary(entries: readonly UserGlossaryEntry[]): void {
  writeStorage(KEY, JSON.stringify(entries.slice(0, MAX_ENTRIES)));
}

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** "term,meaning" with a header row; fields quoted when needed (RFC 4180). */
export function glossaryToCsv(entries: readonly UserGlossaryEntry[]): string {
  return ['term,meaning', ...entries.map((e) => `${csvField(e.term)},${csvField(e.meaning)}`)].join('\r\n') + '\r\n';
}

/** Parses RFC 4180 CSV into rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** Entries of a CSV file (first two columns; a "term,meaning" header is skipped; blank rows ignored). */
export function glossaryFromCsv(text: string): UserGlossaryEntry[] {
  const rows = parseCsv(text.replace(/^\ufeff/, ''));
  if (rows[0]?.[0]?.trim().toLowerCase() === 'term') rows.shift();
  return rows.flatMap(([term = '', meaning = '']) => (term.trim() && meaning.trim() ? [{ term: term.trim(), meaning: meaning.trim() }] : []));
}

/** Imported entries replace same-term entries and add new ones. */
export function mergeGlossary(current: readonly UserGlossaryEntry[], incoming: readonly UserGlossaryEntry[]): UserGlossaryEntry[] {
  const byTerm = new Map(current.map((e) => [e.term, e]));
  for (const e of incoming) byTerm.set(e.term, e);
  return [...byTerm.values()];
}
