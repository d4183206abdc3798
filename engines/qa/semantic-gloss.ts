import { isStopWord } from './analyse';

const HAN_RUN = /(\p{Script=Han}+)|([^\p{Script=Han}]+)/gu;
const HAN = /\p{Script=Han}/u;

/**
 * Question words the analyser drops as scaffolding but the sentence model reads as the intent
 * ("how much", "when"): Chinese grammar, the same for every bot.
 */
const QUESTION_WORDS: Readonly<Record<string, string>> = {
  多少钱: 'how much does it cost',
  几块钱: 'how much does it cost',
  多少: 'how much',
  多久: 'how long',
  多长时间: 'how long',
  什么时候: 'when',
  何时: 'when',
  几点: 'what time',
  哪里: 'where',
  哪儿: 'where',
  在哪: 'where',
  怎么: 'how',
  怎样: 'how',
  如何: 'how',
  咋: 'how',
  为什么: 'why',
  为啥: 'why',
  可以: 'can',
  能不能: 'can',
  可不可以: 'can',
  能否: 'can',
  能: 'can',
  有没有: 'is there',
  几: 'how many',
  谁: 'who',
  什么: 'what',
  哪些: 'which',
  不: 'not',
  没: 'not',
  没有: 'not',
};

/** Headword → a short English gloss (gloss-table.ts builds it from CC-CEDICT). */
export type GlossTable = ReadonlyMap<string, string>;

/**
 * Chinese text → English words, so the English sentence model can read it: jieba's words looked
 * up in the dictionary, an unknown word glossed character by character (longest known prefix
 * first), question scaffolding dropped (the analyser's stop-words). Latin text passes through.
 */
export function glossChinese(text: string, table: GlossTable, segment: (text: string) => string[]): string {
  if (!HAN.test(text)) return text;
  const out: string[] = [];
  for (const m of text.normalize('NFKC').matchAll(HAN_RUN)) {
    if (m[2] !== undefined) {
      const latin = m[2].replace(/[\p{P}\p{S}]+/gu, ' ').trim();
      if (latin) out.push(latin);
      continue;
    }
    for (const word of segment(m[1] as string)) {
      const asked = QUESTION_WORDS[word];
      if (asked) {
        out.push(asked);
        continue;
      }
      if (isStopWord(word)) continue;
      const whole = table.get(word);
      if (whole) {
        out.push(whole);
        continue;
      }
      out.push(...glossPieces(word, table));
    }
  }
  return out.join(' ');
}

/** An unknown word in the longest dictionary pieces from its start (单字 last). */
function glossPieces(word: string, table: GlossTable): string[] {
  const chars = [...word];
  const out: string[] = [];
  for (let i = 0; i < chars.length; ) {
    let taken = 0;
    for (let len = Math.min(4, chars.length - i); len >= 1; len--) {
      const piece = chars.slice(i, i + len).join('');
      const gloss = table.get(piece);
      if (gloss && !(len === 1 && isStopWord(piece))) {
        out.push(gloss);
        taken = len;
        break;
      }
    }
    i += Math.max(1, taken);
  }
  return out;
}

/**
 * A dictionary sense made short: the first sense, without parenthesised notes, classifier notes
 * ("CL:…") or a leading "to ", cut to its first clause and at most four words.
 */
export function shortGloss(senses: readonly string[]): string | undefined {
  // A first sense that is a usage note ("prefix used before…") loses to a later short one.
  let fallback: string | undefined;
  for (const raw of senses) {
    const s = raw
      .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
      .replace(/\bCL:.*$/i, ' ')
      .split(/[;,]/)[0]!
      .replace(/^\s*(to|a|an|the)\s+/i, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (!s || /^(variant|old variant|see|surname|used in|abbr|prefix|suffix|particle|classifier)\b/i.test(s) || /\p{Script=Han}/u.test(s)) continue;
    const words = s.toLowerCase().split(' ');
    if (words.length <= 3) return words.join(' ');
    fallback ??= words.slice(0, 4).join(' ');
  }
  return fallback;
}
