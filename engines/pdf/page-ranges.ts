import { PdfOptionsError } from './pdf-options-error.js';

/** 1-based, both ends included. */
export interface PageRange {
  from: number;
  to: number;
}

const RANGE = /^(\d+)(?:\s*-\s*(\d*))?$/;

/**
 * Reads page ranges as people type them, `1-3, 5, 8-` (`8-` runs to the last page), against a
 * document of `pageCount` pages. Ranges keep their order and may overlap. A range is never
 * clipped to the document: a page past the end is the user's mistake, not something to guess at.
 */
export function parsePageRanges(text: string, pageCount: number): PageRange[] {
  if (text.trim() === '') throw new PdfOptionsError('rangeInvalid', text);
  return text.split(',').map((part) => parseRange(part.trim(), pageCount));
}

function parseRange(part: string, pageCount: number): PageRange {
  const match = RANGE.exec(part);
  if (!match) throw new PdfOptionsError('rangeInvalid', part);
  const from = Number(match[1]);
  const openEnded = match[2] === '';
  const to = match[2] === undefined ? from : openEnded ? pageCount : Number(match[2]);
  if (from < 1 || from > pageCount) throw new PdfOptionsError('pageOutOfRange', part);
  if (to > pageCount) throw new PdfOptionsError('pageOutOfRange', part);
  if (to < from) throw new PdfOptionsError('rangeInvalid', part);
  return { from, to };
}
