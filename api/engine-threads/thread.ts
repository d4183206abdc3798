import { Piscina, transferableSymbol, valueSymbol } from 'piscina';
import { loadOp } from '@engines/document/engine-registry.js';
import { loadPdfjs } from '@engines/document/pdf-load.js';
import type { ConvertOutput, PageRecogniser } from '@engines/document/types.js';
import { recognisePageWithTesseract } from './page-ocr.js';
import { ownedBytes, type ThreadAnswer, type ThreadTask } from './types.js';

/**
 * Runs in a worker thread of the engine pool: one engine op, the same code the browser runs, or
 * the reading of a QA document (its parsers are as heavy as a conversion's).
 * The result's buffer is moved back to the main thread rather than copied.
 */
export default async function runEngineJob(task: ThreadTask): Promise<ThreadAnswer | ReturnType<typeof Piscina.move>> {
  const { started, ...job } = task;
  try {
    const op = job.task === 'qaDocument' ? await import('@engines/qa/document-op.js').then((m) => m.qaDocumentOp(job.sourceExt)) : await loadOp(job.sourceExt, job.target);
    // pdf.js is imported by the PDF ops on their first call: loaded here, it counts as loading.
    if (job.sourceExt === 'pdf') await loadPdfjs();
    // The job's time limit starts now: a fresh thread's start and module loading are not the job's.
    started.postMessage('started');
    // Scanned PDF pages are read by the server's own Tesseract (docs/pdf-scan-ocr.md); each one
    // tells the pool, which gives the job more time for it.
    const recognise: PageRecogniser = (request) => {
      started.postMessage('page');
      return recognisePageWithTesseract(request);
    };
    const out = await op({ name: job.name, bytes: job.bytes }, { recognise });
    const bytes = ownedBytes(out.bytes);
    // A QA document's answer has no pages; a conversion's may say which it read by OCR.
    const { recognised } = out as Partial<Pick<ConvertOutput, 'recognised'>>;
    const answer: ThreadAnswer = { ok: true, name: out.name, bytes, ...(recognised ? { recognised } : {}) };
    return Piscina.move(movable(answer, bytes.buffer as ArrayBuffer));
  } catch (err) {
    const reason = (err as { reason?: unknown } | null)?.reason;
    return { ok: false, reason: typeof reason === 'string' ? reason : 'failed', message: err instanceof Error ? err.message : String(err) };
  } finally {
    started.close();
  }
}

/** piscina's custom transferable: the answer is the value, its buffer goes in the transfer list. */
function movable(value: ThreadAnswer, buffer: ArrayBuffer) {
  return {
    get [transferableSymbol]() {
      return [buffer];
    },
    get [valueSymbol]() {
      return value;
    },
  };
}
