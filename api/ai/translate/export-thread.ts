import { parentPort, workerData } from 'node:worker_threads';
import type { ReadExportRequest } from '@contracts/ai-read.js';
import { THREAD_STARTED, type ThreadAnswer } from '../threads/run-in-thread.js';
import { bilingualDocx } from './bilingual-docx.js';
import { bilingualPdf, NoCjkFont } from './bilingual-pdf.js';
import { NO_FONT } from './export-in-thread.js';

/** Runs in its own worker thread: writes one bilingual file and posts its bytes (moved, not copied). */
const req = workerData as ReadExportRequest;
parentPort?.postMessage(THREAD_STARTED);
try {
  const bytes = req.format === 'docx' ? await bilingualDocx(req) : await bilingualPdf(req);
  const answer: ThreadAnswer<Uint8Array> = { ok: true, result: bytes };
  parentPort?.postMessage(answer, [bytes.buffer as ArrayBuffer]);
} catch (err) {
  const answer: ThreadAnswer<Uint8Array> = { ok: false, message: err instanceof NoCjkFont ? NO_FONT : err instanceof Error ? err.message : String(err) };
  parentPort?.postMessage(answer);
}
