import { diffArrays } from 'diff';
import type { DocStructure } from './roundtrip-structure';
import { wordSimilarity, wordTokens } from './word-similarity';

/**
 * Scores of one round trip (original → PDF → Word) against the original's structure. Each F1
 * is `null` when neither side has any of that thing (nothing to score), and 0 when only one does.
 */
export interface RoundTripScores {
  /** `wordSimilarity` of the main stories: 1 for the same words in the same order. */
  similarity: number;
  /** F1 of paragraph starts at the words the two stories share (see `paragraphBoundaryF1`). */
  paragraphF1: number | null;
  headingF1: number | null;
  listItemF1: number | null;
  tableCellF1: number | null;
  /** Share of the original's footnotes and endnotes found as notes of the result; null without any. */
  footnoteRecall: number | null;
}

export function f1(truePositives: number, expected: number, actual: number): number | null {
  if (expected === 0 && actual === 0) return null;
  if (truePositives === 0) return 0;
  const precision = truePositives / actual;
  const recall = truePositives / expected;
  return (2 * precision * recall) / (precision + recall);
}

/** Each paragraph's tokens, flattened, with the paragraph each token came from. */
function tokenized(paragraphs: string[]): { tokens: string[]; paragraph: number[] } {
  const tokens: string[] = [];
  const paragraph: number[] = [];
  paragraphs.forEach((text, i) => {
    for (const token of wordTokens(text)) {
      tokens.push(token);
      paragraph.push(i);
    }
  });
  return { tokens, paragraph };
}

/**
 * Paragraph-boundary F1: the two stories' word sequences are aligned (a minimal diff), and a
 * paragraph's boundary sits at its first word that has a partner on the other side. A boundary
 * the original has at an aligned word and the result has at the same word is a hit; a merged
 * paragraph loses one, a paragraph broken at each line adds false ones. Words lost or added
 * count in `similarity`, not here: a paragraph with no aligned word has no boundary to score.
 * Null when neither side has a word; 0 when they share none.
 */
export function paragraphBoundaryF1(expected: string[], actual: string[]): number | null {
  const a = tokenized(expected);
  const b = tokenized(actual);
  const aligned: [number, number][] = [];
  let i = 0;
  let j = 0;
  for (const change of diffArrays(a.tokens, b.tokens)) {
    const n = change.value.length;
    if (change.added) j += n;
    else if (change.removed) i += n;
    else for (let k = 0; k < n; k++) aligned.push([i++, j++]);
  }
  // Nothing in common: no boundary can be right.
  if (aligned.length === 0) return a.tokens.length + b.tokens.length === 0 ? null : 0;
  const starts = (paragraph: number[], side: 0 | 1): Set<number> => {
    const seen = new Set<number>();
    const at = new Set<number>();
    aligned.forEach((pair, k) => {
      const p = paragraph[pair[side]]!;
      if (!seen.has(p)) {
        seen.add(p);
        at.add(k);
      }
    });
    return at;
  };
  const expectedStarts = starts(a.paragraph, 0);
  const actualStarts = starts(b.paragraph, 1);
  const hits = [...expectedStarts].filter((k) => actualStarts.has(k)).length;
  return f1(hits, expectedStarts.size, actualStarts.size);
}

/** A leading bullet or number ("•", "3.", "2.1", "(a)", "iv)") is numbering, not text. */
const LIST_MARKER = /^\s*(?:[•◦▪▫■□●○‣⁃∙·\-–—*]|\(?(?:\d{1,3}(?:\.\d{1,3})*|[a-z]|[ivxlc]{1,6})[.)]|\d{1,3}(?:\.\d{1,3})+)\s+/i;

/** Text reduced to comparable tokens: no leading list marker, NFKC, lower case, words only. */
export function itemKey(text: string): string {
  return wordTokens(text.replace(LIST_MARKER, '')).join(' ');
}

/** F1 of two multisets of items (headings, list items, cells), compared by `itemKey`. */
export function itemF1(expected: string[], actual: string[]): number | null {
  const keys = (items: string[]) => items.map(itemKey).filter((k) => k.length > 0);
  const want = keys(expected);
  const got = keys(actual);
  const left = new Map<string, number>();
  for (const k of want) left.set(k, (left.get(k) ?? 0) + 1);
  let hits = 0;
  for (const k of got) {
    const n = left.get(k) ?? 0;
    if (n > 0) {
      hits++;
      left.set(k, n - 1);
    }
  }
  return f1(hits, want.length, got.length);
}

/** Notes are longer than headings: a note counts as found when its words match at ≥ 0.9 similarity. */
const NOTE_SIMILARITY = 0.9;

export function footnoteRecall(expected: string[], actual: string[]): number | null {
  const want = expected.map(itemKey).filter((k) => k.length > 0);
  if (want.length === 0) return null;
  const left = actual.map(itemKey);
  let found = 0;
  for (const note of want) {
    const at = left.findIndex((candidate) => wordSimilarity(note, candidate) >= NOTE_SIMILARITY);
    if (at >= 0) {
      found++;
      left.splice(at, 1);
    }
  }
  return found / want.length;
}

export function scoreRoundTrip(original: DocStructure, result: DocStructure): RoundTripScores {
  return {
    similarity: wordSimilarity(original.paragraphs.join('\n'), result.paragraphs.join('\n')),
    paragraphF1: paragraphBoundaryF1(original.paragraphs, result.paragraphs),
    headingF1: itemF1(original.headings, result.headings),
    listItemF1: itemF1(original.listItems, result.listItems),
    tableCellF1: itemF1(original.tableCells, result.tableCells),
    footnoteRecall: footnoteRecall(original.footnotes, result.footnotes),
  };
}

/** Mean of the scores that apply (nulls left out), and how many did. */
export function meanOf(values: (number | null)[]): { mean: number | null; count: number } {
  const present = values.filter((v): v is number => v !== null);
  return { mean: present.length ? present.reduce((s, v) => s + v, 0) / present.length : null, count: present.length };
}
