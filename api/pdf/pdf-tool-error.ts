/**
 * Why a PDF tool failed, for the job's failure reason:
 * `timeLimit` (killed at the time limit), `cancelled` (the job was aborted), `unreadable` (not a
 * PDF, or damaged beyond what the tool recovers), `wrongPassword` (unlock with a password that
 * opens nothing), `encrypted` (the tool needs an unprotected file: unlock it first),
 * `targetUnreachable` (reserved for callers that refuse a result above the size asked for;
 * compressPdf itself answers `reachedTarget: false`), `failed` (anything else).
 * Messages never hold a password: callers strip them before building one.
 */
export type PdfToolErrorReason = 'timeLimit' | 'cancelled' | 'unreadable' | 'wrongPassword' | 'encrypted' | 'targetUnreachable' | 'failed';

export class PdfToolError extends Error {
  constructor(
    readonly reason: PdfToolErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PdfToolError';
  }
}
