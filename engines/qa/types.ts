/**
 * The QA bot's engine (engines/qa/): pure functions over question/answer pairs, no I/O. The API
 * (api/services/qa-bot.service.ts) builds an index per bot, asks it, and decides what to answer.
 * This file is the contract between the two; the engine's own files implement it.
 */

/** One curated pair of a bot's QA document. */
export interface QaPair {
  id: string;
  question: string;
  /** Other phrasings of the question (the document's `alternatives` column, split on `|`). */
  alternatives: readonly string[];
  answer: string;
}

export interface QaIndexOptions {
  /** Groups of words or phrases that mean the same to this bot (the editable synonym table), e.g. [['refund', 'money back'], ['退款', '退钱']]. */
  synonyms?: readonly (readonly string[])[];
  /**
   * Splits Chinese text into words. The server passes jieba (@node-rs/jieba); without it the
   * engine falls back to character bigrams.
   */
  segmentChinese?: (text: string) => string[];
}

export interface QaCandidate {
  pairId: string;
  /** The pair's main question (what "did you mean" shows). */
  question: string;
  /** The raw ranking score (BM25 over questions, with the answers' field weighted lower). */
  score: number;
}

export interface QaMatch {
  /** Best first; at most the `limit` asked for. */
  candidates: QaCandidate[];
  /** 0..1 from the best candidate's normalised score and its margin over the runner-up. */
  confidence: number;
  /**
   * How close the best candidate is, whatever the runner-up (the hybrid ranking's best score):
   * what the hand-off line is drawn on, so a question close to two similar pairs is offered them
   * as "did you mean" rather than handed off. Absent: the confidence.
   */
  closeness?: number;
}

export interface QaIndex {
  readonly size: number;
  search(question: string, limit?: number): QaMatch;
  /** BM25 totals by pair position, and the score a phrasing identical to the question would get. */
  lexicalScores(question: string): LexicalScores;
}

export interface LexicalScores {
  /** Pair position → its lexical total; pairs sharing no term are absent. */
  totals: Map<number, number>;
  attainable: number;
  /** How many terms the question has after analysis (0: nothing to match on). */
  terms: number;
}

/** What the bot does with a match against its threshold. */
export type QaDecision =
  | { kind: 'answer'; pairId: string; confidence: number }
  | { kind: 'suggest'; candidates: QaCandidate[]; confidence: number }
  | { kind: 'handoff'; confidence: number };

/** The formats a QA document may come in (API.md: CSV, XLSX, DOCX or Markdown). */
export type QaDocumentKind = 'csv' | 'xlsx' | 'docx' | 'md';

/** Why a row of a QA document was refused; the UI shows `qaBot.import.reasons.<reason>`. */
export type QaImportReason = 'noHeader' | 'missingQuestion' | 'missingAnswer' | 'duplicateQuestion' | 'tooLong' | 'unreadable' | 'empty' | 'tooManyPairs';

export interface QaImportError {
  /** 1-based: the row of a table (the header is row 1), or the line of a Markdown/DOCX section's question. */
  line: number;
  reason: QaImportReason;
}

export interface QaImportResult {
  pairs: Omit<QaPair, 'id'>[];
  /** Any error means nothing is imported (the API refuses the whole document). */
  errors: QaImportError[];
}
