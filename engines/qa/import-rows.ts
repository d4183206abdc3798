import type { QaImportError, QaImportReason, QaImportResult } from './types';

/** Limits of one QA document (API.md, issue 12). */
export const QA_LIMITS = {
  pairs: 5_000,
  questionChars: 500,
  answerChars: 5_000,
  /** Beyond this a document is not read at all (checked before parsing). */
  bytes: 20 * 1024 * 1024,
  /** Errors reported at most; the document is refused either way. */
  errors: 200,
} as const;

/** One pair as found in a document, before validation; `line` is where its question is. */
export interface RawPair {
  line: number;
  question: string;
  answer: string;
  alternatives: string;
}

export class QaImportFailure extends Error {
  constructor(
    readonly reason: QaImportReason,
    readonly line = 1,
  ) {
    super(`QA document refused: ${reason} at line ${line}`);
  }
}

/** Alternatives are separated by `|` (a full-width `｜` too, as Chinese keyboards type it). */
export function splitAlternatives(cell: string): string[] {
  return cell
    .split(/[|｜]/)
    .map((s) => collapse(s))
    .filter((s) => s !== '');
}

function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** How two questions are compared for duplicates: case, width, spaces and end punctuation ignored. */
export function questionKey(q: string): string {
  return q
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/[?？!！.。,，;；:：]+$/u, '');
}

/**
 * Checks the pairs found in a document; rows with every cell blank are skipped silently. The
 * pairs are returned only when no row was refused: the caller imports all or nothing.
 */
export function validateRows(rows: Iterable<RawPair>): QaImportResult {
  const pairs: QaImportResult['pairs'] = [];
  const errors: QaImportError[] = [];
  const seen = new Set<string>();
  const fail = (line: number, reason: QaImportReason) => {
    if (errors.length < QA_LIMITS.errors) errors.push({ line, reason });
  };
  let count = 0;
  for (const row of rows) {
    const question = collapse(row.question);
    const answer = row.answer.replace(/\r\n?/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
    const alternatives = splitAlternatives(row.alternatives);
    if (!question && !answer && alternatives.length === 0) continue;
    count += 1;
    if (count > QA_LIMITS.pairs) {
      fail(row.line, 'tooManyPairs');
      break;
    }
    if (!question) {
      fail(row.line, 'missingQuestion');
      continue;
    }
    if (!answer) {
      fail(row.line, 'missingAnswer');
      continue;
    }
    if ([question, ...alternatives].some((q) => q.length > QA_LIMITS.questionChars) || answer.length > QA_LIMITS.answerChars) {
      fail(row.line, 'tooLong');
      continue;
    }
    const keys = [...new Set([question, ...alternatives].map(questionKey))];
    if (keys.some((k) => seen.has(k))) {
      fail(row.line, 'duplicateQuestion');
      continue;
    }
    for (const k of keys) seen.add(k);
    const own = questionKey(question);
    const alts = alternatives.filter((a, i) => questionKey(a) !== own && alternatives.findIndex((b) => questionKey(b) === questionKey(a)) === i);
    pairs.push({ question, alternatives: alts, answer });
  }
  if (errors.length === 0 && pairs.length === 0) errors.push({ line: 1, reason: 'empty' });
  return errors.length > 0 ? { pairs: [], errors } : { pairs, errors };
}
