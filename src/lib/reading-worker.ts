import { wrap, transfer, type Remote } from 'comlink';
import type { ReadingWorkerApi } from '../../workers/reading/reading.worker';

/**
 * The reading assistant's worker (a sibling of workers.ts): layout analysis of the open PDF,
 * the glosses' dictionary (kept in memory for offline use), glosses and summaries. One worker
 * lives while the reader is open; the reader ends it when it unmounts.
 */
let slot: { worker: Worker; remote: Remote<ReadingWorkerApi> } | undefined;

export function readingWorker(): Remote<ReadingWorkerApi> {
  if (!slot) {
    const worker = new Worker(new URL('../../workers/reading/reading.worker.ts', import.meta.url), { type: 'module', name: 'reading' });
    slot = { worker, remote: wrap<ReadingWorkerApi>(worker) };
  }
  return slot.remote;
}

/** Sends a PDF's bytes (a copy, transferred) for paragraph analysis. */
export function analyzeForReading(bytes: Uint8Array): ReturnType<ReadingWorkerApi['analyze']> {
  const copy = bytes.slice();
  return readingWorker().analyze(transfer(copy, [copy.buffer]));
}

export function stopReadingWorker(): void {
  slot?.worker.terminate();
  slot = undefined;
}
