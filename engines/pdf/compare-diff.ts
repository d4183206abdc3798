import { diffArrays, type ArrayChange } from 'diff';
import { pageTokens, phrase, type PageTextInput, type TextBox, type Token } from './compare-tokens.js';

/** A box on a given page (1-based). */
export interface PageBox extends TextBox {
  page: number;
}

/** One difference: a run of words taken out of the older version and/or put into the newer one. */
export interface Change {
  /** 0-based, in the newer version's reading order. */
  index: number;
  /** The older version's words (empty for an insertion). */
  removed: string;
  /** The newer version's words (empty for a deletion). */
  added: string;
  /** Where it is in each version: the words' first page, or where the words would sit. */
  oldPage: number;
  newPage: number;
  oldBoxes: PageBox[];
  newBoxes: PageBox[];
  /** For an insertion, where it goes in the older version; for a deletion, where it was in the newer (a caret). */
  oldAnchor?: PageBox;
  newAnchor?: PageBox;
}

export interface Comparison {
  changes: Change[];
  /** Neither version has any text (scans): nothing could be compared. */
  noText: boolean;
}

/**
 * Past this the diff gives up (two unrelated documents of thousands of words): each page is then
 * compared with the page of the same number, within a budget of its own, and pages past the
 * budget count as wholly replaced. Myers' diff costs (N+M)·D, so a few insertions in a long
 * document stay far below it (200 pages with one inserted: under a second).
 */
const DIFF_TIMEOUT_MS = 1500;
const PAGES_BUDGET_MS = 1500;
const PAGE_TIMEOUT_MS = 100;

const sameWord = (a: Token, b: Token) => a.key === b.key;

function diffTokens(older: Token[], newer: Token[], timeout: number): ArrayChange<Token>[] | undefined {
  return diffArrays(older, newer, { comparator: sameWord, timeout });
}

/** Whole documents first, so an inserted page is one insertion and the pages after it match again. */
function documentDiff(older: Token[][], newer: Token[][]): ArrayChange<Token>[] {
  const whole = diffTokens(older.flat(), newer.flat(), DIFF_TIMEOUT_MS);
  if (whole) return whole;
  const deadline = Date.now() + PAGES_BUDGET_MS;
  const parts: ArrayChange<Token>[] = [];
  for (let i = 0; i < Math.max(older.length, newer.length); i++) {
    const a = older[i] ?? [];
    const b = newer[i] ?? [];
    const left = deadline - Date.now();
    const pages = (left > 0 ? diffTokens(a, b, Math.min(PAGE_TIMEOUT_MS, left)) : undefined) ?? [
      { value: a, removed: true, added: false, count: a.length },
      { value: b, removed: false, added: true, count: b.length },
    ];
    parts.push(...pages.filter((p) => p.count > 0));
  }
  return parts;
}

const boxesOf = (tokens: Token[]): PageBox[] => tokens.flatMap((t) => t.boxes.map((b) => ({ ...b, page: t.page })));

/** A thin caret at the start of `at` (or just after `after`): where words were taken out or would go. */
function caret(after: Token | undefined, at: Token | undefined): PageBox | undefined {
  const box = at?.boxes[0];
  if (at && box) return { page: at.page, x: box.x - 1, y: box.y, width: 2, height: box.height };
  const last = after?.boxes[after.boxes.length - 1];
  if (after && last) return { page: after.page, x: last.x + last.width - 1, y: last.y, width: 2, height: last.height };
  return undefined;
}

/**
 * The differences between two versions, given each page's text runs (pdf.js, as the worker reads
 * them). Words are compared, not characters, and a change is a maximal run of removed and added
 * words between words both versions share.
 */
export function compareDocuments(older: readonly PageTextInput[], newer: readonly PageTextInput[]): Comparison {
  const oldPages = older.map((p, i) => pageTokens(i + 1, p));
  const newPages = newer.map((p, i) => pageTokens(i + 1, p));
  const oldAll = oldPages.flat();
  const newAll = newPages.flat();
  if (oldAll.length === 0 && newAll.length === 0) return { changes: [], noText: true };

  const changes: Change[] = [];
  let oldAt = 0;
  let newAt = 0;
  let removed: Token[] = [];
  let added: Token[] = [];
  const flush = () => {
    if (removed.length === 0 && added.length === 0) return;
    const oldAnchor = removed.length === 0 ? caret(oldAll[oldAt - 1], oldAll[oldAt]) : undefined;
    const newAnchor = added.length === 0 ? caret(newAll[newAt - 1], newAll[newAt]) : undefined;
    changes.push({
      index: changes.length,
      removed: phrase(removed),
      added: phrase(added),
      oldPage: removed[0]?.page ?? oldAnchor?.page ?? 1,
      newPage: added[0]?.page ?? newAnchor?.page ?? 1,
      oldBoxes: boxesOf(removed),
      newBoxes: boxesOf(added),
      ...(oldAnchor ? { oldAnchor } : {}),
      ...(newAnchor ? { newAnchor } : {}),
    });
    removed = [];
    added = [];
  };

  for (const part of documentDiff(oldPages, newPages)) {
    if (part.removed) {
      removed.push(...part.value);
      oldAt += part.count;
    } else if (part.added) {
      added.push(...part.value);
      newAt += part.count;
    } else {
      flush();
      oldAt += part.count;
      newAt += part.count;
    }
  }
  flush();
  return { changes, noText: false };
}

/** The 1-based pages of the newer version that hold a change (what the summary counts). */
export function changedPages(changes: readonly Change[]): number[] {
  return [...new Set(changes.map((c) => c.newPage))].sort((a, b) => a - b);
}
