/** The engines a server conversion's steps run on: the LibreOffice pool, the engine worker threads (piscina), and the PDF tools' qpdf and Ghostscript. */
export type EngineName = 'libreoffice' | 'engine-threads' | 'pdf-tools';

/** How a started server conversion ended. */
export type JobEnd =
  | { status: 'succeeded' }
  /**
   * `engine`: the engine whose call failed, or null when none was at fault (the tool was switched
   * off, no engine is installed, too many starts, out of retries). `refunded`: this ending gave
   * the units back (false when another path had already ended the conversion).
   */
  | { status: 'failed'; engine: EngineName | null; reason: string; refunded: boolean };

/**
 * What the job runner reports for metrics (api/metrics implements it; a process without
 * metrics passes none). Queue-level counts (queued, running) are the queue's own.
 */
export interface JobMetrics {
  engineCallStarted(engine: EngineName): void;
  engineCallEnded(engine: EngineName, ok: boolean, seconds: number): void;
  jobEnded(end: JobEnd): void;
}
