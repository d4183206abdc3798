import { decodeQaDocumentResult } from '@engines/qa/document-op.js';
import type { QaDocumentKind, QaImportResult } from '@engines/qa/index.js';
import { ErrorCode } from '@contracts/error-codes.js';
import { EngineJobError, type EnginePort } from '../engine-threads/types.js';
import { AppError } from '../http/app-error.js';
import { inspectZip, ZipBombError, type ZipLimits } from '../storage/zip-inspect.js';

/**
 * What a QA document (at most 5 MB) may inflate to: an honest 5 MB workbook of text is well under
 * 100 MB of XML. Counted as the bytes come out, never from the headers.
 */
export const QA_ZIP_LIMITS: ZipLimits = { maxEntries: 2_000, maxUncompressed: 100 * 1024 * 1024, maxEntryUncompressed: 100 * 1024 * 1024, maxRatio: 200 };
/** Imports the engine threads take at once; the pool's queue has this much room beyond the conversions' (api/app.ts). */
export const QA_IMPORTS_AT_ONCE = 4;
const RETRY_AFTER_S = 30;

export type QaDocumentReader = (kind: QaDocumentKind, fileName: string, bytes: Uint8Array) => Promise<QaImportResult>;

/**
 * Reads an uploaded QA document into pairs. An XLSX or DOCX is first inflated entry by entry
 * under QA_ZIP_LIMITS by the zip inspector (the reader the upload check uses), keeping nothing, so
 * an archive whose headers lie is refused (41501 `zipBomb`) before any parser sees it. The parsers
 * then run in the engine thread pool, under its memory and time limits, never in this process.
 */
export function createQaDocumentReader(engines: EnginePort): QaDocumentReader {
  let running = 0;
  return async (kind, fileName, bytes) => {
    if (running >= QA_IMPORTS_AT_ONCE) throw busy();
    running += 1;
    try {
      if (kind === 'xlsx' || kind === 'docx') await inflateWithinBudget(bytes);
      const out = await engines.run({ task: 'qaDocument', sourceExt: kind, target: 'pairs', name: fileName, bytes });
      return decodeQaDocumentResult(out.bytes);
    } catch (err) {
      if (!(err instanceof EngineJobError)) throw err;
      if (err.reason === 'busy' || err.reason === 'cancelled') throw busy();
      // Over the thread's memory or time limit, or a parser that crashed: the document cannot be read.
      return { pairs: [], errors: [{ line: 1, reason: 'unreadable' }] };
    } finally {
      running -= 1;
    }
  };
}

const busy = () => new AppError(ErrorCode.QUEUE_FULL, 'Engine threads busy', { retryAfter: RETRY_AFTER_S }, { 'Retry-After': String(RETRY_AFTER_S) });

async function inflateWithinBudget(bytes: Uint8Array): Promise<void> {
  const zip = await inspectZip(bytes, QA_ZIP_LIMITS);
  if (!zip.ok) {
    if (zip.reason === 'notZip') return;
    throw refused(zip.reason === 'pathTrick' ? 'pathTrick' : 'zipBomb');
  }
  try {
    await zip.inflateAll();
  } catch (err) {
    // A corrupt entry is the parser's to report as unreadable; only an archive past its budget is refused here.
    if (err instanceof ZipBombError) throw refused('zipBomb');
  } finally {
    zip.close();
  }
}

const refused = (reason: 'zipBomb' | 'pathTrick') => new AppError(ErrorCode.UNSUPPORTED_CONTENT, 'QA document refused by the archive check', { reason });
