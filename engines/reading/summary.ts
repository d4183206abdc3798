import { HAN } from './cjk';

export interface SummarySentence {
  text: string;
  /** Index of the paragraph the sentence comes from. */
  paragraph: number;
}

const STOP_EN = new Set(
  'a an the and or but if of to in on at by for with from as is are was were be been being it its this that these those there here we you they he she i our your their his her not no so than then also can will would should could may might do does did have has had which who whom what when where how all any some such into over under about more most other only very just'.split(' '),
);
const STOP_ZH = new Set(['的', '了', '和', '是', '在', '也', '有', '就', '都', '而', '及', '与', '或', '这', '那', '我们', '你们', '他们']);

/** Splits paragraphs into sentences at . ! ? and 。！？； (keeping the mark). */
export function splitSentences(paragraphs: readonly string[]): SummarySentence[] {
  const out: SummarySentence[] = [];
  paragraphs.forEach((p, paragraph) => {
    const parts = p.match(/[^.!?。！？；]+(?:[.!?。！？；]+["”’」』)]*|$)/gu) ?? [];
    for (const part of parts) {
      const text = part.trim();
      if (text.length >= 2) out.push({ text, paragraph });
    }
  });
  return out;
}

/** Terms of a sentence: English words (lower-cased, no stop-words), Chinese character bigrams. */
export function sentenceTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of text.toLowerCase().match(/[a-z][a-z'-]+|[\u3400-\u9fff]+/gu) ?? []) {
    if (HAN.test(word)) {
      const chars = [...word].filter((c) => !STOP_ZH.has(c));
      if (chars.length === 1 && chars[0]) terms.push(chars[0]);
      for (let i = 0; i + 1 < chars.length; i++) terms.push(`${chars[i]}${chars[i + 1]}`);
    } else if (!STOP_EN.has(word) && word.length > 2) {
      terms.push(word.replace(/(ies|es|s)$/u, ''));
    }
  }
  return terms;
}

/**
 * Extractive summary by TF-IDF sentence scoring: each sentence scores the sum of its terms'
 * weights (document frequency over sentences as IDF), divided by the square root of its length
 * so long sentences do not always win, with a small bonus for a paragraph's first sentence.
 * The best `count` sentences are returned in document order.
 */
export function summarize(paragraphs: readonly string[], count = 5): SummarySentence[] {
  const sentences = splitSentences(paragraphs);
  if (sentences.length <= count) return sentences;
  const termLists = sentences.map((s) => sentenceTerms(s.text));
  const df = new Map<string, number>();
  const tf = new Map<string, number>();
  for (const terms of termLists) {
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const t of new Set(terms)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const n = sentences.length;
  const scored = sentences.map((s, i) => {
    const terms = new Set(termLists[i]);
    let score = 0;
    for (const t of terms) score += Math.log(1 + (tf.get(t) ?? 0)) * Math.log(1 + n / (df.get(t) ?? 1));
    const firstInParagraph = i === 0 || sentences[i - 1]?.paragraph !== s.paragraph;
    return { i, score: (score / Math.sqrt(Math.max(terms.size, 1))) * (firstInParagraph ? 1.2 : 1) };
  });
  const chosen = scored
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .map((x) => x.i)
    .sort((a, b) => a - b);
  return chosen.flatMap((i) => (sentences[i] ? [sentences[i]] : []));
}
