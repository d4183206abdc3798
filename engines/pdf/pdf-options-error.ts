/**
 * Thrown for a user's mistake in a PDF tool's options, checked against the file itself (a page
 * past the end, a range like `5-3`), as opposed to EngineError for a file that cannot be read.
 * Free of pdf-lib so the page can test `instanceof` without loading it.
 */
export type PdfOptionsErrorReason = 'pageOutOfRange' | 'rangeInvalid' | 'noPages' | 'noBookmarks';

export class PdfOptionsError extends Error {
  constructor(
    readonly reason: PdfOptionsErrorReason,
    /** The offending text as the user typed it (`9-12`, `0`), shown next to the message. */
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'PdfOptionsError';
  }
}
