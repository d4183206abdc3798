import { HAN } from './cjk';

/**
 * The compact dictionary the build writes from CC-CEDICT (scripts/build/reading-assets.ts):
 * `zh`: simplified headword → readings, each `[pinyin, sense, sense…]`;
 * `en`: lower-case English word or short phrase → simplified headwords, best first.
 */
export interface CompactDictionary {
  v: 1;
  zh: Record<string, string[][]>;
  en: Record<string, string[]>;
}

/** One entry of the user's own glossary (shown before the dictionary's). */
export interface UserGlossaryEntry {
  term: string;
  meaning: string;
}

export interface Gloss {
  /** The word as it appears in the text. */
  word: string;
  source: 'user' | 'cedict';
  /** Tone-marked pinyin, for Chinese headwords. */
  pinyin?: string;
  senses: string[];
  /** For an English word: the Chinese words that translate it. */
  headwords?: string[];
}

export interface Token {
  text: string;
  /** Worth glossing: a Chinese word or an English word (not punctuation or numbers). */
  wordLike: boolean;
}

const MAX_WORD = 8;
const LATIN_WORD = /^[\p{L}][\p{L}'’-]*$/u;

/**
 * Splits text into words: Chinese by forward longest match against the dictionary (and the
 * user's glossary), which keeps 客服 and 机器人 whole where Intl.Segmenter alone splits too
 * finely; everything else by Intl.Segmenter's word boundaries.
 */
export function segment(text: string, known: (word: string) => boolean): Token[] {
  const out: Token[] = [];
  const segmenter = new Intl.Segmenter('en', { granularity: 'word' });
  for (const run of text.match(/[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|[^\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/gu) ?? []) {
    if (HAN.test(run)) {
      const chars = [...run];
      for (let i = 0; i < chars.length; ) {
        let take = 1;
        for (let n = Math.min(MAX_WORD, chars.length - i); n > 1; n--) {
          if (known(chars.slice(i, i + n).join(''))) {
            take = n;
            break;
          }
        }
        out.push({ text: chars.slice(i, i + take).join(''), wordLike: true });
        i += take;
      }
    } else {
      for (const s of segmenter.segment(run)) out.push({ text: s.segment, wordLike: Boolean(s.isWordLike) && LATIN_WORD.test(s.segment) });
    }
  }
  return out;
}

/** Tone numbers to tone marks: "ji1 qi4 ren2" → "jī qì rén". */
export function pinyinMarks(numbered: string): string {
  const marks: Record<string, string[]> = {
    a: ['ā', 'á', 'ǎ', 'à'], e: ['ē', 'é', 'ě', 'è'], i: ['ī', 'í', 'ǐ', 'ì'],
    o: ['ō', 'ó', 'ǒ', 'ò'], u: ['ū', 'ú', 'ǔ', 'ù'], ü: ['ǖ', 'ǘ', 'ǚ', 'ǜ'],
  };
  return numbered
    .split(' ')
    .map((syllable) => {
      const m = /^([a-zü:]+)([1-5])$/i.exec(syllable.replace(/u:/gi, 'ü'));
      if (!m) return syllable.replace(/u:/gi, 'ü');
      const [, base = '', toneText] = m;
      const tone = Number(toneText);
      if (tone === 5) return base;
      // The mark goes on a or e; on the o of "ou"; otherwise on the last vowel.
      const lower = base.toLowerCase();
      let at = lower.search(/[ae]/);
      if (at < 0) at = lower.indexOf('ou');
      if (at < 0) {
        for (let i = lower.length - 1; i >= 0; i--) if ('iouü'.includes(lower[i] ?? '')) { at = i; break; }
      }
      if (at < 0) return base;
      const vowel = lower[at] ?? '';
      const marked = marks[vowel]?.[tone - 1] ?? vowel;
      const cased = base[at] === base[at]?.toUpperCase() && base[at] !== vowel ? marked.toUpperCase() : marked;
      return base.slice(0, at) + cased + base.slice(at + 1);
    })
    .join(' ');
}

/** English inflections to try when the word itself is not in the reverse index. */
function englishStems(word: string): string[] {
  const w = word.toLowerCase().replace(/’/g, "'");
  const stems = [w];
  if (w.endsWith('ies')) stems.push(`${w.slice(0, -3)}y`);
  if (w.endsWith('es')) stems.push(w.slice(0, -2));
  if (w.endsWith('s')) stems.push(w.slice(0, -1));
  if (w.endsWith('ed')) stems.push(w.slice(0, -2), w.slice(0, -1));
  if (w.endsWith('ing')) stems.push(w.slice(0, -3), `${w.slice(0, -3)}e`);
  return stems;
}

export class Glossary {
  private readonly user = new Map<string, string[]>();

  constructor(
    private readonly dict: CompactDictionary,
    userEntries: readonly UserGlossaryEntry[] = [],
  ) {
    for (const e of userEntries) {
      const key = e.term.trim().toLowerCase();
      if (key) this.user.set(key, [...(this.user.get(key) ?? []), e.meaning]);
    }
  }

  known = (word: string): boolean => word in this.dict.zh || this.user.has(word.toLowerCase());

  /** Glosses for one word: the user's meanings first, then the dictionary's. */
  lookup(word: string): Gloss[] {
    const out: Gloss[] = [];
    const mine = this.user.get(word.toLowerCase());
    if (mine) out.push({ word, source: 'user', senses: mine });
    if (HAN.test(word)) {
      for (const [pinyin = '', ...senses] of this.dict.zh[word] ?? []) out.push({ word, source: 'cedict', pinyin: pinyinMarks(pinyin), senses });
      return out;
    }
    for (const stem of englishStems(word)) {
      const headwords = this.dict.en[stem];
      if (!headwords) continue;
      out.push({
        word,
        source: 'cedict',
        headwords,
        senses: headwords.map((h) => {
          const [pinyin = ''] = this.dict.zh[h]?.[0] ?? [];
          return pinyin ? `${h} (${pinyinMarks(pinyin)})` : h;
        }),
      });
      break;
    }
    return out;
  }

  /** Glosses for every distinct word of a selection, in order, at most `limit` words. */
  glossText(text: string, limit = 40): Gloss[] {
    const seen = new Set<string>();
    const out: Gloss[] = [];
    for (const token of segment(text, this.known)) {
      if (!token.wordLike || seen.has(token.text.toLowerCase())) continue;
      seen.add(token.text.toLowerCase());
      out.push(...this.lookup(token.text));
      if (seen.size >= limit) break;
    }
    return out;
  }
}
