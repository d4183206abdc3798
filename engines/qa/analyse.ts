// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the declaration must reach both tsconfigs, which do not include each other
/// <reference path="./stopword-module.d.ts" />
import { eng, zho } from 'stopword';
import { stemmer } from 'stemmer';
import { buildVocabulary, correctTypo, type Vocabulary } from './typos';

/**
 * Text → index terms, the same way for indexed phrasings, answers and questions asked.
 * English: NFKC, lower case, words of letters/digits, stop-words dropped, Porter stems.
 * Chinese: the caller's segmenter (jieba on the server) or, without one, character bigrams;
 * stop-words dropped. Mixed text is split into Han and non-Han runs first.
 * Synonym phrases are replaced by one group term (`~<group>`) before terms are counted, so
 * "money back" and "refund" become the same term in documents and questions alike.
 */
export interface Analyser {
  /** Terms of an indexed text; its English stems become the vocabulary typos are corrected to. */
  indexTerms(text: string): string[];
  /** Terms of a question asked: an English stem the index never saw is corrected first (typos.ts). */
  queryTerms(text: string): string[];
}

export type Segmenter = (text: string) => string[];

/**
 * Words that carry no topic in customer questions, on top of stopword's English list:
 * politeness, auxiliaries and "I want to know" scaffolding.
 */
const EXTRA_EN = ['does', 'doing', 'will', 'just', 'please', 'hi', 'hello', 'hey', 'thanks', 'thank', 'want', 'wanna', 'know', 'tell', 'let', 'im', 'ive', 'id', 'dont', 'cant', 'cannot', 'wont', 'didnt', 'doesnt', 'isnt', 'possible', 'able', 'anyone', 'someone', 'somebody', 'us', 'ok', 'okay', 'yes', 'one', 'any', 'there', 'whats', 'hows', 'question', 'ask', 'help', 'need', 'also', 'really', 'exactly', 'actually', 'anyway', 'currently', 'guys', 'via', 'etc'];
/** Chinese question scaffolding (stopword's Chinese list is single characters only). */
const EXTRA_ZH = ['怎么', '怎样', '怎么样', '如何', '什么', '为什么', '为啥', '可以', '能否', '能不能', '可不可以', '是否', '是不是', '有没有', '请问', '一下', '我们', '你们', '他们', '这个', '那个', '哪里', '哪儿', '哪些', '需要', '想要', '想', '要', '能', '吗', '呢', '吧', '啊', '呀', '的', '了', '么', '我', '你', '您', '咋', '咋办', '办', '怎么办', '谢谢', '你好', '问下', '问一下', '知道', '告诉', '帮', '帮忙', '现在', '还', '就', '都', '已经', '一个', '这', '那', '该', '应该', '得', '会', '用', '下', '去', '来', '给', '让', '被', '把', '从', '在', '里', '上', '中', '时候', '之后', '以后'];

/**
 * Words of stopword's English list that change what is asked, so they stay terms: quantity and
 * comparison (another, same, more, only, too), negation and repetition (never, still; "again"
 * is kept off EXTRA_EN for the same reason), order in time and place (before, after, out, up).
 * "another trial" is not "a trial", "before it ends" is not "after it ends"; BM25's IDF already
 * discounts them where they are common. Picked by that rule over the whole list, not per
 * question (docs/qa-engine.md).
 */
const CONTENT_EN = new Set(['another', 'other', 'same', 'more', 'most', 'many', 'much', 'only', 'too', 'never', 'still', 'before', 'after', 'between', 'over', 'under', 'out', 'up']);

const STOP = new Set<string>([...eng, ...EXTRA_EN, ...zho, ...EXTRA_ZH].filter((w) => !CONTENT_EN.has(w)));

const HAN = /\p{Script=Han}/u;
const RUNS = /(\p{Script=Han}+)|((?:(?!\p{Script=Han})[\p{L}\p{N}_])+(?:['’](?:(?!\p{Script=Han})\p{L})+)*)/gu;
const SYNONYM_MARK = /^qqsyn(\d+)$/;

export function isStopWord(term: string): boolean {
  return STOP.has(term);
}

export function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** A compiled synonym table: Han phrases are replaced in the raw text, others as term runs. */
interface CompiledSynonyms {
  han: { phrase: string; group: number }[];
  /** term sequences (first term → candidates, longest first). */
  latin: Map<string, { seq: string[]; group: number }[]>;
}

export function createAnalyser(options: { synonyms?: readonly (readonly string[])[]; segmentChinese?: Segmenter }): Analyser {
  const segment = options.segmentChinese;
  const stemCache = new Map<string, string>();
  const stemOf = (word: string): string => {
    let s = stemCache.get(word);
    if (s === undefined) {
      s = /^[a-z]+$/.test(word) && word.length > 2 ? stemmer(word) : word;
      if (stemCache.size < 200_000) stemCache.set(word, s);
    }
    return s;
  };

  const known = new Set<string>();
  let vocabulary: Vocabulary | null = null;
  const synonyms = compileSynonyms(options.synonyms ?? [], (text) => {
    const terms = tokens(normalise(text), segment, stemOf).map((t) => t.term);
    for (const t of terms) known.add(t);
    return terms;
  });
  const analyse = (text: string, fix: (term: string) => string, keepParts: boolean): string[] => {
    const t = replaceHan(normalise(text), synonyms.han, keepParts);
    const list = tokens(t, segment, stemOf).map((token) => (token.stop ? token : { term: fix(token.term), stop: false }));
    return replaceLatinSynonyms(list, synonyms.latin, keepParts);
  };

  return {
    indexTerms(text) {
      vocabulary = null;
      return analyse(
        text,
        (term) => {
          known.add(term);
          return term;
        },
        true,
      );
    },
    queryTerms(text) {
      const vocab = (vocabulary ??= buildVocabulary(known));
      return analyse(text, (term) => (known.has(term) ? term : correctTypo(term, vocab)), false);
    },
  };
}

function compileSynonyms(groups: readonly (readonly string[])[], base: (t: string) => string[]): CompiledSynonyms {
  const han: CompiledSynonyms['han'] = [];
  const latin: CompiledSynonyms['latin'] = new Map();
  mergeGroups(groups).forEach((group, index) => {
    for (const p of group) {
      if (HAN.test(p)) {
        han.push({ phrase: p, group: index });
        continue;
      }
      const seq = base(p);
      const first = seq[0];
      if (first === undefined) continue;
      const list = latin.get(first) ?? [];
      list.push({ seq, group: index });
      latin.set(first, list);
    }
  });
  han.sort((a, b) => b.phrase.length - a.phrase.length);
  for (const list of latin.values()) list.sort((a, b) => b.seq.length - a.seq.length);
  return { han, latin };
}

/**
 * Han synonym phrases are replaced in the raw text, longest first. In indexed text a phrase of
 * 3+ characters also keeps its own words, themselves run through the shorter phrases (and put
 * back only at the end, so no shorter phrase matches inside the replacement itself).
 */
function replaceHan(text: string, phrases: CompiledSynonyms['han'], keepParts: boolean): string {
  let t = text;
  const kept: string[] = [];
  for (const { phrase, group } of phrases) {
    if (!t.includes(phrase)) continue;
    let keep = '';
    if (keepParts && Array.from(phrase).length > 2) {
      const shorter = phrases.filter((p) => p.phrase.length < phrase.length);
      keep = ` qqkeep${kept.push(replaceHan(phrase, shorter, false)) - 1} `;
    }
    t = t.split(phrase).join(` qqsyn${group} ${keep}`);
  }
  return kept.length > 0 ? t.replace(/qqkeep(\d+)/g, (_, k: string) => kept[Number(k)] ?? '') : t;
}

/**
 * Groups that share a phrase are one group: "app" in both ['phone', 'app'] and ['手机', 'app']
 * makes phone, app and 手机 the same term, as the owner meant.
 */
export function mergeGroups(groups: readonly (readonly string[])[]): string[][] {
  const parent = groups.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i] as number)));
  const owner = new Map<string, number>();
  groups.forEach((group, i) => {
    for (const phrase of group) {
      const p = normalise(phrase).trim().replace(/\s+/g, ' ');
      if (!p) continue;
      const j = owner.get(p);
      if (j === undefined) owner.set(p, i);
      else parent[root(i)] = root(j);
    }
  });
  const merged = new Map<number, Set<string>>();
  for (const [phrase, i] of owner) {
    const r = root(i);
    let set = merged.get(r);
    if (!set) merged.set(r, (set = new Set()));
    set.add(phrase);
  }
  return [...merged.values()].map((set) => [...set]);
}

/**
 * A matched phrase becomes its group's term. In indexed text a multi-word phrase also keeps its
 * own words ("password-protected" still holds "password"), so a question using only part of
 * it can match; in a question the phrase is replaced whole, so the question's own weight is
 * not split between the phrase and its parts.
 */
function replaceLatinSynonyms(list: Token[], table: CompiledSynonyms['latin'], keepParts: boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; ) {
    const token = list[i] as Token;
    const match = table.get(token.term)?.find(({ seq }) => seq.every((s, j) => list[i + j]?.term === s));
    if (match) {
      out.push(`~${match.group}`);
      if (keepParts && match.seq.length > 1) {
        for (const part of list.slice(i, i + match.seq.length)) {
          const single = table.get(part.term)?.find(({ seq }) => seq.length === 1);
          if (single) out.push(`~${single.group}`);
          else if (!part.stop) out.push(part.term);
        }
      }
      i += match.seq.length;
    } else {
      if (!token.stop) out.push(token.term);
      i += 1;
    }
  }
  return out;
}

interface Token {
  term: string;
  stop: boolean;
}

/** Tokens keep their stop-words until synonyms are matched: "sign in" and "sign up" differ only in one. */
function tokens(text: string, segment: Segmenter | undefined, stemOf: (w: string) => string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(RUNS)) {
    if (m[1] !== undefined) {
      for (const w of segment ? segment(m[1]) : bigrams(m[1])) {
        const word = w.trim();
        if (word) out.push({ term: word, stop: STOP.has(word) });
      }
      continue;
    }
    const word = (m[2] ?? '').replace(/['’](s|t|re|ve|ll|d|m)$/, (_, x: string) => (x === 't' ? 't' : '')).replace(/['’]/g, '');
    const syn = SYNONYM_MARK.exec(word);
    if (syn) out.push({ term: `~${syn[1]}`, stop: false });
    else out.push({ term: stemOf(word), stop: STOP.has(word) });
  }
  return out;
}

/**
 * Without a segmenter a Han run becomes overlapping character pairs (a lone character stays);
 * a pair that is itself a stop-word (怎么, 什么) is dropped later like any other.
 */
export function bigrams(run: string): string[] {
  const chars = Array.from(run);
  if (chars.length <= 1) return chars;
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}
